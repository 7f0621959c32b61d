"""Pattern names in Simplified Chinese, keyed by the Traditional name a variant module gives.

A pattern's `chinese` field (Traditional characters, as Hong Kong players write them and as the
Shanghai and Sichuan rule books print them) stays the one place a name is written; this table only
says how each such name is written in Simplified characters, so a pattern's `zh_hans` follows from
its `chinese` (Pattern.__post_init__) and no variant module has to change. A name missing here
leaves `zh_hans` empty, and tests/test_i18n_zh.py fails until it is added.

Converted by hand, not by a character table, where the two scripts part in mahjong's own way:
么 in these names is 幺 ("one", the terminals: 断幺, 十三幺), never 麼; 槓 is 杠; Hong Kong's
糊 stays 糊 (平糊, 对对糊: Cantonese players write it so in either script), as Shanghai's and
Sichuan's 胡 stays 胡; 台 in 一台花 is already the Simplified form.
"""

SIMPLIFIED: dict[str, str] = {
    # Shanghai (rules-shanghai.md)
    "將": "将",
    "平和": "平和",
    "缺一門": "缺一门",
    "斷么": "断幺",
    "一般高": "一般高",
    "門前清": "门前清",
    "獨聽": "独听",
    "槓上開花": "杠上开花",
    "風": "风",
    "清四碰": "清四碰",
    "老少": "老少",
    "嵌心五": "嵌心五",
    "老少碰": "老少碰",
    "兩槓": "两杠",
    "搶槓": "抢杠",
    "海底": "海底",
    "海底銃": "海底铳",
    "絕張": "绝张",
    "四歸二": "四归二",
    "尾尾": "尾尾",
    "門清不求": "门清不求",
    "一條龍": "一条龙",
    "三相逢": "三相逢",
    "混帶么": "混带幺",
    "半求人": "半求人",
    "報聽": "报听",
    "五門齊": "五门齐",
    "雙絕張": "双绝张",
    "三暗刻": "三暗刻",
    "混一色": "混一色",
    "姐妹碰": "姐妹碰",
    "四歸三": "四归三",
    "對對胡": "对对胡",
    "全求人": "全求人",
    "清帶么": "清带幺",
    "三槓": "三杠",
    "三般高": "三般高",
    "三風會": "三风会",
    "兩條龍": "两条龙",
    "小三元": "小三元",
    "雙老少": "双老少",
    "三數": "三数",
    "全帶": "全带",
    "清一色": "清一色",
    "雙龍抱珠": "双龙抱珠",
    "四歸四": "四归四",
    "四暗刻": "四暗刻",
    "混么對": "混幺对",
    "大三元": "大三元",
    "小四喜": "小四喜",
    "全帶三數": "全带三数",
    "大四喜": "大四喜",
    "將將碰": "将将碰",
    "清么對": "清幺对",
    "全帶一": "全带一",
    "全帶九": "全带九",
    "全字": "全字",
    "天胡": "天胡",
    "地胡": "地胡",
    "兩數": "两数",
    "十八羅漢": "十八罗汉",
    "十三么": "十三幺",
    # Hong Kong (Cantonese names; those shared with Shanghai are above)
    "平糊": "平糊",
    "對對糊": "对对糊",
    "花么九": "花幺九",
    "三元牌": "三元牌",
    "門風": "门风",
    "圈風": "圈风",
    "七對": "七对",
    "天糊": "天糊",
    "地糊": "地糊",
    "字一色": "字一色",
    "清么九": "清幺九",
    "坎坎糊": "坎坎糊",
    "九子連環": "九子连环",
    "自摸": "自摸",
    "海底撈月": "海底捞月",
    "槓上槓": "杠上杠",
    "無花": "无花",
    "正花": "正花",
    "一台花": "一台花",
    # Sichuan (those shared with the others are above)
    "根": "根",
    "單釣": "单钓",
    "槓上花": "杠上花",
    "槓上炮": "杠上炮",
    "搶槓胡": "抢杠胡",
}


def simplified(traditional: str) -> str:
    """The Simplified name of a Traditional pattern name; "" when the table lacks it."""
    return SIMPLIFIED.get(traditional, "")
