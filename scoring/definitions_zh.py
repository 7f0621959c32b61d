"""Pattern definitions in Simplified and Traditional Chinese, keyed by the English definition the
variant module gives (so no variant module writes a definition twice, as names_zh does for names).

The pattern library shows a definition from here on a Chinese page; a definition missing here (or
changed in its module) is shown in English, marked lang="en". Hong Kong's in the words Hong Kong
players use (食糊, 眼, 番); Sichuan's in Mandarin terms (胡, 将).
"""

DEFINITIONS: dict[str, tuple[str, str]] = {
    # Hong Kong (rules-hongkong.md)
    "Four chows and the eyes.": ("四组顺子加一对将。", "四組順子加一對眼。"),
    "Four pungs or kongs and the eyes.": ("四组刻子或杠加一对将。", "四組刻子或槓加一對眼。"),
    "One suit and honors, with at least one honor.":
        ("一种花色加字牌，至少有一张字牌。", "一門花色加字牌，最少有一隻字牌。"),
    "Every tile of one suit.": ("全部是同一种花色的牌。", "全部係同一門花色嘅牌。"),
    "Every tile a terminal (1 or 9) or an honor, with at least one of each.":
        ("每张都是幺九牌（1 或 9）或字牌，两种都至少有一张。",
         "每隻都係么九（1 或 9）或字牌，兩種最少各有一隻。"),
    "Each pung or kong of a dragon.":
        ("每一组中、发、白的刻子或杠。", "每一組中、發、白嘅刻子或槓。"),
    "A pung or kong of the seat wind.": ("门风的刻子或杠。", "門風嘅刻子或槓。"),
    "A pung or kong of the round wind.": ("圈风的刻子或杠。", "圈風嘅刻子或槓。"),
    "Two dragon pungs and dragon eyes (their two dragon pungs add: 5 in all).":
        ("两组三元牌刻子，加一对三元牌做将（两组三元牌刻子另计：共 5 番）。",
         "兩組三元牌刻子，加一對三元牌做眼（兩組三元牌另計：共 5 番）。"),
    "Three dragon pungs (their three dragon pungs add: 8 in all).":
        ("中、发、白三组刻子（三组三元牌刻子另计：共 8 番）。",
         "中、發、白三組刻子（三組三元牌另計：共 8 番）。"),
    "Three wind pungs and wind eyes (seat and round wind pungs and mixed one suit add).":
        ("三组风牌刻子，加一对风牌做将（门风、圈风刻子和混一色另计）。",
         "三組風牌刻子，加一對風牌做眼（門風、圈風同混一色另計）。"),
    "Seven pairs; only with the house option seven_pairs. Does not also take concealed.":
        ("七对子；只在家规“七对”打开时才算。不再另算门前清。",
         "七對；只喺家規「七對」開咗先計。唔再另計門前清。"),
    "The dealer wins on the deal.": ("庄家起手就胡。", "莊家起手就食糊。"),
    "Won on the dealer's first discard.": ("胡庄家打出的第一张牌。", "食莊家打出嘅第一隻牌。"),
    "Four wind pungs or kongs.": ("东南西北四组风牌刻子或杠。", "東南西北四組風牌刻子或槓。"),
    "Four kongs.": ("四个杠。", "四個槓。"),
    "One each of the 1 and 9 of each suit and of each honor, plus one more of any of them.":
        ("三门花色的 1 和 9 以及七种字牌各一张，再多其中任何一张。",
         "三門花色嘅 1 同 9 同七種字牌各一隻，再多其中任何一隻。"),
    "Every tile an honor.": ("全部是字牌。", "全部係字牌。"),
    "Every tile a 1 or a 9 (no honors).":
        ("全部是 1 或 9（没有字牌）。", "全部係 1 或 9（冇字牌）。"),
    "Four concealed pungs or kongs: self-drawn, or won on a discard that completes the eyes.":
        ("四组暗刻或暗杠：自摸，或胡别人打出的牌来凑成将。",
         "四組暗刻或暗槓：自摸，或者食人哋打出嘅牌嚟成眼。"),
    "Concealed, one suit: the 13 tiles held before the winning tile are exactly 1112345678999 "
    "(a nine-way wait), won on any tile of that suit.":
        ("门前清，同一花色：胡牌前手上 13 张正好是 1112345678999（听九张），"
         "胡这门花色的任何一张。",
         "門前清，同一門花色：食糊前手上 13 隻啱啱係 1112345678999（叫九隻），"
         "食呢門花色任何一隻。"),
    "The winning tile was drawn from the wall.":
        ("胡的那张牌是自己从牌墙摸的。", "食糊嗰隻牌係自己喺牌牆摸嘅。"),
    "No revealed set (concealed kongs allowed), won either way; not on a hand of thirteen "
    "orphans, nine gates, four concealed pungs or seven pairs.":
        ("没有亮出的牌组（暗杠可以），自摸或胡别人的牌都算；十三幺、九莲宝灯、四暗刻和七对不另算。",
         "冇亮出嘅牌組（暗槓可以），自摸或者食人哋嘅牌都計；十三么、九子連環、坎坎糊同七對唔另計。"),
    "Won on the tile another player added to a pung to make a kong.":
        ("胡别人加到碰上杠的那张牌。", "食人哋加落碰度開槓嗰隻牌。"),
    "Won on the last tile of the wall, or on the discard of it.":
        ("胡牌墙最后一张，或胡别人打出的最后一张。", "食牌牆最後一隻，或者食人哋打出嘅最後一隻。"),
    "Won on the replacement tile drawn after a kong (self-drawn adds its own faan).":
        ("杠后补牌胡（自摸另计番）。", "槓後補牌食糊（自摸另計番）。"),
    "The kong replacement tile made a second kong, whose replacement won; replaces kong "
    "replacement.":
        ("杠后补到的牌又开了第二个杠，再补的牌胡了；取代杠上开花。",
         "槓後補到嘅牌又開第二個槓，再補嘅牌食糊；取代槓上開花。"),
    "The hand shows no flower or season (house option no_flowers_bonus).":
        ("手上没有花牌（家规“无花加番”）。", "手上冇花（家規「無花加番」）。"),
    "Each of the seat's own flower and own season, unless it is part of a complete set.":
        ("自己座位的花和季每张各算，凑成一整套时除外。", "自己位嘅花同季每隻各計，成套時除外。"),
    "All four flowers, or all four seasons: 2 faan for each set.":
        ("四张花或四张季集齐：每套 2 番。", "四隻花或者四隻季齊晒：每套 2 番。"),
    # Sichuan (rules-sichuan.md)
    "Each tile kind of which the hand holds all four copies, in any form: a kong, a triplet and a "
    "sequence, two pairs...":
        ("手上有某种牌的全部四张（杠、刻子加顺子、两对……都算），每种算一根。",
         "手上有某種牌嘅全部四張（槓、刻子加順子、兩對……都計），每種計一根。"),
    "Four triplets or kongs and the eyes.": ("四组刻子或杠加一对将。", "四組刻子或槓加一對將。"),
    "Four sets and the eyes, and the winning tile completes the eyes.":
        ("四组牌加一对将，胡的那张牌凑成将。", "四組牌加一對將，胡的那張牌湊成將。"),
    "Seven pairs; four identical tiles count as two pairs.":
        ("七对；四张相同的牌算两对。", "七對；四張相同的牌算兩對。"),
    "Self-drawn on the replacement tile after the winner's own kong.":
        ("自己开杠后摸的补牌自摸胡。", "自己開槓後摸的補牌自摸胡。"),
    "Won on the discard the discarder made right after their own kong.":
        ("胡别人开杠后立刻打出的那张牌。", "胡別人開槓後立刻打出的那張牌。"),
    "Won on the last tile of the wall, self-drawn, or on the discard that followed it.":
        ("自摸牌墙最后一张，或胡随后打出的那张牌。", "自摸牌牆最後一張，或胡隨後打出的那張牌。"),
}


def definition_zh(definition: str, traditional: bool) -> str | None:
    """The definition in the page's script, or None when it has none yet."""
    found = DEFINITIONS.get(definition)
    return None if found is None else found[1 if traditional else 0]
