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
    # Shanghai (rules-shanghai.md)
    "The eyes are 2, 5 or 8 of a suit.": ("将是数牌的 2、5 或 8。", "將是數牌的 2、5 或 8。"),
    "All four sets are sequences, in more than one suit (the eyes may be anything).":
        ("四组都是顺子，而且不止一种花色（将不限）。",
         "四組都是順子，而且不止一種花色（將不限）。"),
    "The suited tiles are of exactly two suits (honors allowed).":
        ("数牌正好只有两种花色（可以有字牌）。", "數牌正好只有兩種花色（可以有字牌）。"),
    "No 1, no 9 and no honor anywhere in the hand.":
        ("整手牌没有 1、9，也没有字牌。", "整手牌沒有 1、9，也沒有字牌。"),
    "Two identical sequences: same suit, same numbers.":
        ("两组一模一样的顺子：同花色、同数字。", "兩組一模一樣的順子：同花色、同數字。"),
    "No revealed set other than kongs; a hand won on a discard can still hold this.":
        ("除了杠没有亮出的牌组；胡别人打出的牌也算。",
         "除了槓沒有亮出的牌組；胡別人打出的牌也算。"),
    "Only one tile could have completed the hand.":
        ("只有一张牌能胡。", "只有一張牌能胡。"),
    "Won on the replacement tile drawn after a kong.":
        ("开杠后摸的补牌胡了。", "開槓後摸的補牌胡了。"),
    "Each triplet of a dragon, of the round wind or of the seat wind; a wind that is both counts "
    "twice.":
        ("每一组箭牌、圈风或门风的刻子；既是圈风又是门风的算两次。",
         "每一組箭牌、圈風或門風的刻子；既是圈風又是門風的算兩次。"),
    "Four revealed triplets (or kongs).": ("四组亮出的刻子（或杠）。", "四組亮出的刻子（或槓）。"),
    "A 1-2-3 and a 7-8-9 sequence of the same suit.":
        ("同一花色的 123 和 789 两组顺子。", "同一花色的 123 和 789 兩組順子。"),
    "The winning tile is a 5 that completes a 4-5-6 sequence as its middle tile.":
        ("胡的是 5，而且是 456 顺子中间那张。", "胡的是 5，而且是 456 順子中間那張。"),
    "Triplets of 1 and of 9 of the same suit.":
        ("同一花色 1 和 9 的两组刻子。", "同一花色 1 和 9 的兩組刻子。"),
    "Exactly two kongs.": ("正好两个杠。", "正好兩個槓。"),
    "Won on the tile another player added to a revealed triplet to make a kong.":
        ("胡别人加到碰上杠的那张牌。", "胡別人加到碰上槓的那張牌。"),
    "Self-drawn on the last tile of the wall.": ("自摸牌墙最后一张。", "自摸牌牆最後一張。"),
    "Won on the discard of the last tile of the wall.":
        ("胡别人打出的牌墙最后一张。", "胡別人打出的牌牆最後一張。"),
    "Only one tile could win, and the winning tile was its last copy.":
        ("只有一张牌能胡，而且胡的是场上最后一张。", "只有一張牌能胡，而且胡的是場上最後一張。"),
    "The four copies of one tile used as one sequence and one triplet.":
        ("同一种牌的四张，一张用在顺子里，三张做刻子。",
         "同一種牌的四張，一張用在順子裡，三張做刻子。"),
    "Two triplets and the eyes on three consecutive numbers of one suit, in any order; or two "
    "wind triplets and wind eyes.":
        ("同一花色三个连续数字，两组刻子加将（次序不限）；或两组风牌刻子加风牌做将。",
         "同一花色三個連續數字，兩組刻子加將（次序不限）；或兩組風牌刻子加風牌做將。"),
    "No revealed set other than kongs, and the winning tile self-drawn.":
        ("除了杠没有亮出的牌组，而且自摸。", "除了槓沒有亮出的牌組，而且自摸。"),
    "1-2-3, 4-5-6 and 7-8-9 sequences of one suit.":
        ("同一花色的 123、456、789 三组顺子。", "同一花色的 123、456、789 三組順子。"),
    "Sequences of the same numbers in all three suits.":
        ("三种花色各有一组同样数字的顺子。", "三種花色各有一組同樣數字的順子。"),
    "Every set and the eyes hold a terminal or an honor, with at least one honor and at least one "
    "sequence.":
        ("每组牌和将都带幺九或字牌，至少有一张字牌和一组顺子。",
         "每組牌和將都帶么九或字牌，至少有一張字牌和一組順子。"),
    "Four revealed sets (concealed kongs are not revealed) and the winning tile self-drawn.":
        ("四组亮出的牌组（暗杠不算亮出），而且自摸。",
         "四組亮出的牌組（暗槓不算亮出），而且自摸。"),
    "A ready hand announced at the deal, before any draw or claim.":
        ("起手时就报听，在任何摸牌、吃碰之前。", "起手時就報聽，在任何摸牌、吃碰之前。"),
    "The hand holds characters, circles, bamboo, a wind and a dragon.":
        ("手里万、筒、条、风牌、箭牌都有。", "手裡萬、筒、條、風牌、箭牌都有。"),
    "Exactly two tiles could win, and the winning tile was the last one left.":
        ("正好两种牌能胡，而且胡的是场上最后一张。", "正好兩種牌能胡，而且胡的是場上最後一張。"),
    "Exactly three concealed triplets (a concealed kong counts; a triplet completed by a discard "
    "does not).":
        ("正好三组暗刻（暗杠算；靠别人打出的牌凑成的刻子不算）。",
         "正好三組暗刻（暗槓算；靠別人打出的牌湊成的刻子不算）。"),
    "Three triplets on consecutive numbers of one suit.":
        ("同一花色三个连续数字的刻子。", "同一花色三個連續數字的刻子。"),
    "The four copies of one tile used as two sequences and the eyes.":
        ("同一种牌的四张，两张用在顺子里，两张做将。",
         "同一種牌的四張，兩張用在順子裡，兩張做將。"),
    "Four triplets (or kongs) and the eyes.": ("四组刻子（或杠）加将。", "四組刻子（或槓）加將。"),
    "Four revealed sets, won on a discard that completes the eyes.":
        ("四组亮出的牌组，胡别人打出的牌来凑成将。", "四組亮出的牌組，胡別人打出的牌來湊成將。"),
    "Every set and the eyes hold a terminal, no honors, at least one sequence.":
        ("每组牌和将都带 1 或 9，没有字牌，至少一组顺子。",
         "每組牌和將都帶 1 或 9，沒有字牌，至少一組順子。"),
    "Exactly three kongs.": ("正好三个杠。", "正好三個槓。"),
    "Three identical sequences.": ("三组一模一样的顺子。", "三組一模一樣的順子。"),
    "Three wind triplets.": ("三组风牌刻子。", "三組風牌刻子。"),
    "1-2-3, 4-5-6, 7-8-9 and a second 4-5-6, all of one suit.":
        ("同一花色的 123、456、789，再加一组 456。", "同一花色的 123、456、789，再加一組 456。"),
    "Two dragon triplets and dragon eyes.":
        ("两组箭牌刻子，加箭牌做将。", "兩組箭牌刻子，加箭牌做將。"),
    "A 1-2-3 and a 7-8-9 sequence in each of two suits.":
        ("两种花色各有 123 和 789 两组顺子。", "兩種花色各有 123 和 789 兩組順子。"),
    "The hand uses at most three numbers, all honors together counting as one number.":
        ("整手牌最多只用三个数字，字牌全部合算一个数字。",
         "整手牌最多只用三個數字，字牌全部合算一個數字。"),
    "One number appears in every set and in the eyes.":
        ("每组牌和将里都有同一个数字。", "每組牌和將裡都有同一個數字。"),
    "Every tile of one suit, no honors.":
        ("全部是同一花色，没有字牌。", "全部是同一花色，沒有字牌。"),
    "Two pairs of identical sequences.": ("两对一模一样的顺子。", "兩對一模一樣的順子。"),
    "The four copies of one tile used in four sequences.":
        ("同一种牌的四张分别用在四组顺子里。", "同一種牌的四張分別用在四組順子裡。"),
    "Four concealed triplets (a concealed kong counts; a triplet completed by a discard does not).":
        ("四组暗刻（暗杠算；靠别人打出的牌凑成的刻子不算）。",
         "四組暗刻（暗槓算；靠別人打出的牌湊成的刻子不算）。"),
    "Four triplets and the eyes, all of terminals or honors, with at least one of each.":
        ("四组刻子加将，全是幺九或字牌，两种都至少有一组。",
         "四組刻子加將，全是么九或字牌，兩種都至少有一組。"),
    "Three dragon triplets.": ("中、发、白三组刻子。", "中、發、白三組刻子。"),
    "Three wind triplets and wind eyes.":
        ("三组风牌刻子，加风牌做将。", "三組風牌刻子，加風牌做將。"),
    "Four sequences and the eyes using only three numbers.":
        ("四组顺子加将，只用三个数字。", "四組順子加將，只用三個數字。"),
    "Four wind triplets.": ("东南西北四组风牌刻子。", "東南西北四組風牌刻子。"),
    "Four triplets and the eyes, all of 2, 5 and 8.":
        ("四组刻子加将，全是 2、5、8。", "四組刻子加將，全是 2、5、8。"),
    "Four triplets and the eyes, all terminals.":
        ("四组刻子加将，全是 1 和 9。", "四組刻子加將，全是 1 和 9。"),
    "Four sequences and the eyes, each holding a 1.":
        ("四组顺子加将，每组都带 1。", "四組順子加將，每組都帶 1。"),
    "Four sequences and the eyes, each holding a 9.":
        ("四组顺子加将，每组都带 9。", "四組順子加將，每組都帶 9。"),
    "The dealer wins on the first draw.": ("庄家第一次摸牌就胡。", "莊家第一次摸牌就胡。"),
    "Four triplets and the eyes using only two numbers, all honors together counting as one "
    "number.":
        ("四组刻子加将，只用两个数字，字牌全部合算一个数字。",
         "四組刻子加將，只用兩個數字，字牌全部合算一個數字。"),
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
