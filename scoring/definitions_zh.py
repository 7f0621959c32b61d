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
    "Won on the discard of the last tile of the wall.":  # Shanghai's and Riichi's
        ("和别人打出的牌墙最后一张。", "和別人打出的牌牆最後一張。"),
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
    # Chinese Official (rules-mcr.md), in the words of 国标 players
    "Pungs or kongs of all four winds.":
        ("东南西北四组风刻（或杠）。", "東南西北四組風刻（或槓）。"),
    "Pungs or kongs of all three dragons.":
        ("中发白三组箭刻（或杠）。", "中發白三組箭刻（或槓）。"),
    "Only 2, 3, 4, 6 and 8 of bamboo and the green dragon.":
        ("只用条子的 2、3、4、6、8 和发财。", "只用條子的 2、3、4、6、8 和發財。"),
    "1112345678999 of one suit held concealed, won on any tile of that suit.":
        ("同一花色 1112345678999 门清在手，和这门花色的任何一张。",
         "同一花色 1112345678999 門清在手，和這門花色的任何一張。"),
    "Seven pairs of seven consecutive numbers of one suit.":
        ("同一花色七个连续数字组成的七对。", "同一花色七個連續數字組成的七對。"),
    "One of each terminal and honor, and a second of one of them.":
        ("幺九牌和字牌各一张，其中一种再多一张。", "么九牌和字牌各一張，其中一種再多一張。"),
    "Only 1s and 9s.": ("只有 1 和 9。", "只有 1 和 9。"),
    "Pungs of three winds and a pair of the fourth.":
        ("三组风刻，加第四种风牌做将。", "三組風刻，加第四種風牌做將。"),
    "Pungs of two dragons and a pair of the third.":
        ("两组箭刻，加第三种箭牌做将。", "兩組箭刻，加第三種箭牌做將。"),
    "Only winds and dragons.": ("只有风牌和箭牌。", "只有風牌和箭牌。"),
    "Four concealed pungs or kongs.": ("四组暗刻（或暗杠）。", "四組暗刻（或暗槓）。"),
    "Two 123 and two 789 chows and a pair of 5, all of one suit.":
        ("同一花色两组 123、两组 789 顺子加一对 5。", "同一花色兩組 123、兩組 789 順子加一對 5。"),
    "Four identical chows.": ("四组相同的顺子。", "四組相同的順子。"),
    "Pungs of four consecutive numbers of one suit.":
        ("同一花色四个连续数字的刻子。", "同一花色四個連續數字的刻子。"),
    "Four chows of one suit, each one or each two higher than the last.":
        ("同一花色四组顺子，依次递增一或依次递增二。",
         "同一花色四組順子，依次遞增一或依次遞增二。"),
    "Three kongs.": ("三个杠。", "三個槓。"),
    "Only terminals and honors, both present.":
        ("只有幺九牌和字牌，两种都有。", "只有么九牌和字牌，兩種都有。"),
    "Seven pairs (four alike are two pairs).":
        ("七对（四张相同算两对）。", "七對（四張相同算兩對）。"),
    "All seven honors and seven tiles of one knitted straight.":
        ("七种字牌各一张，加组合龙中的七张。", "七種字牌各一張，加組合龍中的七張。"),
    "Pungs and the pair of 2, 4, 6 and 8 only.":
        ("刻子和将都只用 2、4、6、8。", "刻子和將都只用 2、4、6、8。"),
    "Only one suit, no honors.": ("只有一种花色，没有字牌。", "只有一種花色，沒有字牌。"),
    "Three identical chows.": ("三组相同的顺子。", "三組相同的順子。"),
    "Pungs of three consecutive numbers of one suit.":
        ("同一花色三个连续数字的刻子。", "同一花色三個連續數字的刻子。"),
    "Only 7, 8 and 9.": ("只有 7、8、9。", "只有 7、8、9。"),
    "Only 4, 5 and 6.": ("只有 4、5、6。", "只有 4、5、6。"),
    "Only 1, 2 and 3.": ("只有 1、2、3。", "只有 1、2、3。"),
    "123, 456 and 789 of one suit.": ("同一花色的 123、456、789。", "同一花色的 123、456、789。"),
    "123 and 789 of two suits, and a pair of 5 of the third.":
        ("两种花色各有 123 和 789，第三种花色的 5 做将。",
         "兩種花色各有 123 和 789，第三種花色的 5 做將。"),
    "Three chows of one suit, each one or each two higher than the last.":
        ("同一花色三组顺子，依次递增一或依次递增二。",
         "同一花色三組順子，依次遞增一或依次遞增二。"),
    "Every set and the pair hold a 5.": ("每组牌和将都带 5。", "每組牌和將都帶 5。"),
    "Pungs of the same number in the three suits.":
        ("三种花色同一数字的刻子。", "三種花色同一數字的刻子。"),
    "Three concealed pungs or kongs.": ("三组暗刻（或暗杠）。", "三組暗刻（或暗槓）。"),
    "Fourteen single tiles: honors and tiles of one knitted straight.":
        ("十四张单张：字牌加组合龙中的牌。", "十四張單張：字牌加組合龍中的牌。"),
    "147, 258 and 369 each in a different suit.":
        ("147、258、369 分别在不同花色。", "147、258、369 分別在不同花色。"),
    "Only 6, 7, 8 and 9.": ("只有 6、7、8、9。", "只有 6、7、8、9。"),
    "Only 1, 2, 3 and 4.": ("只有 1、2、3、4。", "只有 1、2、3、4。"),
    "Pungs of three winds.": ("三组风刻。", "三組風刻。"),
    "123, 456 and 789, each in another suit.":
        ("123、456、789 分别在不同花色。", "123、456、789 分別在不同花色。"),
    "Only tiles that look the same upside down: 1234589 dots, 245689 bamboo, white dragon.":
        ("只用上下颠倒看起来一样的牌：饼子 1234589、条子 245689、白板。",
         "只用上下顛倒看起來一樣的牌：餅子 1234589、條子 245689、白板。"),
    "The same chow in the three suits.": ("三种花色相同数字的顺子。", "三種花色相同數字的順子。"),
    "Pungs of three consecutive numbers, one in each suit.":
        ("三个连续数字的刻子，三种花色各一组。", "三個連續數字的刻子，三種花色各一組。"),
    "A hand with no other fan (flowers aside).":
        ("没有任何其他番（花牌除外）。", "沒有任何其他番（花牌除外）。"),
    "Won on the discard of the last tile.":
        ("和别人打出的最后一张牌。", "和別人打出的最後一張牌。"),
    "Won on the replacement tile after one's own kong.":
        ("自己开杠后摸的补牌和了。", "自己開槓後摸的補牌和了。"),
    "Won on the tile another player adds to a pung to make a kong.":
        ("和别人加杠的那张牌。", "和別人加槓的那張牌。"),
    "Four pungs or kongs.": ("四组刻子（或杠）。", "四組刻子（或槓）。"),
    "One suit and honors.": ("一种花色加字牌。", "一種花色加字牌。"),
    "Three chows, one in each suit, each one higher than the last.":
        ("三种花色各一组顺子，依次递增一。", "三種花色各一組順子，依次遞增一。"),
    "All three suits, winds and dragons.":
        ("三种花色、风牌、箭牌都有。", "三種花色、風牌、箭牌都有。"),
    "Four claimed sets, won on a discard that completes the pair.":
        ("四组吃碰明杠的牌组，和别人打出的牌来单钓将。",
         "四組吃碰明槓的牌組，和別人打出的牌來單釣將。"),
    "Two concealed kongs.": ("两个暗杠。", "兩個暗槓。"),
    "Pungs of two dragons.": ("两组箭刻。", "兩組箭刻。"),
    "Every set and the pair hold a terminal or an honor.":
        ("每组牌和将都带幺九牌或字牌。", "每組牌和將都帶么九牌或字牌。"),
    "No claimed set, and self-drawn.": ("没有吃碰明杠，而且自摸。", "沒有吃碰明槓，而且自摸。"),
    "Two claimed kongs.": ("两个明杠。", "兩個明槓。"),
    "Won on the last copy of a tile, the other three already shown.":
        ("和的牌是最后一张，其余三张都已亮明。", "和的牌是最後一張，其餘三張都已亮明。"),
    "A pung of a dragon, each.": ("每组箭刻各算。", "每組箭刻各算。"),
    "A pung of the round's wind.": ("圈风的刻子。", "圈風的刻子。"),
    "A pung of one's seat wind.": ("门风的刻子。", "門風的刻子。"),
    "No claimed set, won on a discard.":
        ("没有吃碰明杠，和别人打出的牌。", "沒有吃碰明槓，和別人打出的牌。"),
    "Four chows and a pair of a suit.": ("四组顺子加一对数牌将。", "四組順子加一對數牌將。"),
    "All four copies of a tile used without a kong, each.":
        ("同一种牌四张都用上但没开杠，每种各算。", "同一種牌四張都用上但沒開槓，每種各算。"),
    "Pungs of the same number in two suits.":
        ("两种花色同一数字的刻子。", "兩種花色同一數字的刻子。"),
    "Two concealed pungs or kongs.": ("两组暗刻（或暗杠）。", "兩組暗刻（或暗槓）。"),
    "A concealed kong.": ("一个暗杠。", "一個暗槓。"),
    "No terminals and no honors.": ("没有幺九牌，也没有字牌。", "沒有么九牌，也沒有字牌。"),
    "Two identical chows.": ("两组相同的顺子。", "兩組相同的順子。"),
    "The same chow in two suits.": ("两种花色相同数字的顺子。", "兩種花色相同數字的順子。"),
    "Two chows of one suit making six in a row.":
        ("同一花色两组顺子连成六张。", "同一花色兩組順子連成六張。"),
    "123 and 789 of one suit.": ("同一花色的 123 和 789。", "同一花色的 123 和 789。"),
    "A pung of 1s, 9s or winds (not counted for a wind that is the seat's or the round's).":
        ("1、9 或风牌的刻子（门风、圈风的刻子不算）。",
         "1、9 或風牌的刻子（門風、圈風的刻子不算）。"),
    "A claimed kong.": ("一个明杠。", "一個明槓。"),
    "One of the three suits absent.": ("三种花色缺一种。", "三種花色缺一種。"),
    "No winds and no dragons.": ("没有风牌和箭牌。", "沒有風牌和箭牌。"),
    "Waiting on the 3 of 12 or the 7 of 89, and on no other tile.":
        ("12 听 3 或 89 听 7，只听这一张。", "12 聽 3 或 89 聽 7，只聽這一張。"),
    "Waiting on the middle tile of a chow, and on no other tile.":
        ("听顺子中间那张，只听这一张。", "聽順子中間那張，只聽這一張。"),
    "Waiting on the tile that pairs a single tile, and on no other tile.":
        ("单钓将，只听这一张。", "單釣將，只聽這一張。"),
    "The winning tile drawn from the wall.": ("和的牌是自己摸的。", "和的牌是自己摸的。"),
    "Each flower or season; not counted toward the 8-fan minimum.":
        ("每张花牌各算；不计入 8 番起和。", "每張花牌各算；不計入 8 番起和。"),
    "One concealed and one claimed kong (the reference engine's fan, in place of a Concealed Kong "
    "and a Melded Kong).":
        ("一个暗杠加一个明杠（参考引擎的番种，取代暗杠和明杠）。",
         "一個暗槓加一個明槓（參考引擎的番種，取代暗槓和明槓）。"),
    # Japanese Riichi (rules-riichi.md), in the words of Chinese riichi players
    "The winner declared riichi (ready, concealed hand, a 1,000 stick on the table).":
        ("和牌者立直了（门清听牌，桌上放一根 1000 点棒）。",
         "和牌者立直了（門清聽牌，桌上放一根 1000 點棒）。"),
    "Riichi declared on the first discard, before any call: replaces riichi.":
        ("第一巡打牌时就立直，在任何鸣牌之前：取代立直。",
         "第一巡打牌時就立直，在任何鳴牌之前：取代立直。"),
    "Won within one turn of declaring riichi, no call in between.":
        ("立直后一巡内和牌，中间没有人鸣牌。", "立直後一巡內和牌，中間沒有人鳴牌。"),
    "Won self-drawn with a concealed hand (concealed kongs allowed).":
        ("门清自摸和（可以有暗杠）。", "門清自摸和（可以有暗槓）。"),
    "Concealed: four chows, eyes that are not a dragon, the seat or the round wind, won on a "
    "two-sided wait.":
        ("门清：四组顺子，雀头不是三元牌、自风或场风，两面听和牌。",
         "門清：四組順子，雀頭不是三元牌、自風或場風，兩面聽和牌。"),
    "Every tile a 2 to 8 (open too, unless the house option open_tanyao is off).":
        ("全部是 2 到 8 的牌（副露也算，除非家规关闭食断）。",
         "全部是 2 到 8 的牌（副露也算，除非家規關閉食斷）。"),
    "Concealed: two identical chows (same suit, same numbers).":
        ("门清：两组相同的顺子（同花色、同数字）。", "門清：兩組相同的順子（同花色、同數字）。"),
    "A pung or kong of white dragons.": ("白的刻子或杠。", "白的刻子或槓。"),
    "A pung or kong of green dragons.": ("发的刻子或杠。", "發的刻子或槓。"),
    "A pung or kong of red dragons.": ("中的刻子或杠。", "中的刻子或槓。"),
    "A pung or kong of the round wind (with the seat wind, both count).":
        ("场风的刻子或杠（同时是自风时两个都算）。", "場風的刻子或槓（同時是自風時兩個都算）。"),
    "Won self-drawn on the last tile of the wall (a kong's replacement tile, from the dead wall, "
    "is not it: rinshan alone counts).":
        ("自摸牌墙最后一张（从王牌摸的岭上牌不算：只算岭上开花）。",
         "自摸牌牆最後一張（從王牌摸的嶺上牌不算：只算嶺上開花）。"),
    "Won on the replacement tile drawn after the winner's own kong.":
        ("自己开杠后摸的岭上牌和了。", "自己開槓後摸的嶺上牌和了。"),
    "The same chow in all three suits (1 han open).":
        ("三种花色相同数字的顺子（副露 1 番）。", "三種花色相同數字的順子（副露 1 番）。"),
    "123, 456 and 789 of one suit (1 han open).":
        ("同一花色的 123、456、789（副露 1 番）。", "同一花色的 123、456、789（副露 1 番）。"),
    "Every set and the eyes hold a terminal or an honor, with at least one chow and one honor (1 "
    "han open).":
        ("每组牌和雀头都带幺九牌或字牌，至少有一组顺子和一张字牌（副露 1 番）。",
         "每組牌和雀頭都帶么九牌或字牌，至少有一組順子和一張字牌（副露 1 番）。"),
    "Every set and the eyes hold a 1 or a 9, no honor, at least one chow (2 han open).":
        ("每组牌和雀头都带 1 或 9，没有字牌，至少有一组顺子（副露 2 番）。",
         "每組牌和雀頭都帶 1 或 9，沒有字牌，至少有一組順子（副露 2 番）。"),
    "Every tile a 1, a 9 or an honor, with both (counted with all pungs or seven pairs).":
        ("全部是 1、9 或字牌，两种都有（与对对和或七对子一起算）。",
         "全部是 1、9 或字牌，兩種都有（與對對和或七對子一起算）。"),
    "Three pungs or kongs not claimed; one completed by the winning discard is not concealed.":
        ("三组没有鸣的刻子或杠；靠荣和的牌凑成的刻子不算暗刻。",
         "三組沒有鳴的刻子或槓；靠榮和的牌湊成的刻子不算暗刻。"),
    "Three kongs, concealed or not.": ("三个杠，暗杠明杠都算。", "三個槓，暗槓明槓都算。"),
    "Pungs or kongs of the same number in all three suits.":
        ("三种花色同一数字的刻子或杠。", "三種花色同一數字的刻子或槓。"),
    "Seven different pairs (25 fu).": ("七个不同的对子（25 符）。", "七個不同的對子（25 符）。"),
    "Two dragon pungs and dragon eyes (their two dragon yaku add).":
        ("两组三元牌刻子，加三元牌做雀头（两个役牌另计）。",
         "兩組三元牌刻子，加三元牌做雀頭（兩個役牌另計）。"),
    "One suit and honors (2 han open).":
        ("一种花色加字牌（副露 2 番）。", "一種花色加字牌（副露 2 番）。"),
    "Every tile of one suit (5 han open).":
        ("全部是同一种花色（副露 5 番）。", "全部是同一種花色（副露 5 番）。"),
    "Concealed: two pairs of identical chows (not also seven pairs).":
        ("门清：两对相同的顺子（不再另算七对子）。", "門清：兩對相同的順子（不再另算七對子）。"),
    "Each tile of the hand that a dora indicator points at (the next tile of its suit, wind or "
    "dragon); only with a yaku.":
        ("手里每张宝牌指示牌所指的牌（同花色、风牌或三元牌的下一张）；有役才算。",
         "手裡每張寶牌指示牌所指的牌（同花色、風牌或三元牌的下一張）；有役才算。"),
    "Dora of the indicators under the dora indicators, for a hand in riichi.":
        ("宝牌指示牌下面那张翻出的宝牌，立直的手牌才算。",
         "寶牌指示牌下面那張翻出的寶牌，立直的手牌才算。"),
    "Each red five (0m, 0p, 0s) of the hand (house option aka_dora).":
        ("手里的每张赤五（0m、0p、0s）（家规“赤宝牌”）。",
         "手裡的每張赤五（0m、0p、0s）（家規「赤寶牌」）。"),
    "One of each 1, 9 and honor, and one more of any of them.":
        ("1、9 和字牌各一张，其中一种再多一张。", "1、9 和字牌各一張，其中一種再多一張。"),
    "Thirteen orphans waiting on all thirteen (the pair is the winning tile): double yakuman.":
        ("国士无双听十三面（和的牌做雀头）：双倍役满。",
         "國士無雙聽十三面（和的牌做雀頭）：雙倍役滿。"),
    "Four pungs or kongs not claimed; on a discard only won on the eyes.":
        ("四组没有鸣的刻子或杠；荣和时只能单骑雀头。",
         "四組沒有鳴的刻子或槓；榮和時只能單騎雀頭。"),
    "Four concealed pungs won on the eyes: double yakuman.":
        ("四暗刻单骑雀头和牌：双倍役满。", "四暗刻單騎雀頭和牌：雙倍役滿。"),
    "Three dragon pungs or kongs.": ("三组三元牌刻子或杠。", "三組三元牌刻子或槓。"),
    "Three wind pungs and wind eyes.":
        ("三组风牌刻子，加风牌做雀头。", "三組風牌刻子，加風牌做雀頭。"),
    "Four wind pungs or kongs: double yakuman.":
        ("四组风牌刻子或杠：双倍役满。", "四組風牌刻子或槓：雙倍役滿。"),
    "Every tile an honor (seven pairs too).":
        ("全部是字牌（七对子也算）。", "全部是字牌（七對子也算）。"),
    "Every tile a 1 or a 9.": ("全部是 1 或 9。", "全部是 1 或 9。"),
    "Every tile green: 2, 3, 4, 6 and 8 of bamboo and the green dragon.":
        ("全部是绿色的牌：索子的 2、3、4、6、8 和发。",
         "全部是綠色的牌：索子的 2、3、4、6、8 和發。"),
    "Concealed, no kong: 1112345678999 of one suit and one more of it.":
        ("门清，没有杠：同一花色 1112345678999 再加一张同花色。",
         "門清，沒有槓：同一花色 1112345678999 再加一張同花色。"),
    "Nine gates whose 13 tiles held were exactly 1112345678999 (a nine-sided wait): double "
    "yakuman.":
        ("九莲宝灯，和牌前手里 13 张正好是 1112345678999（九面听）：双倍役满。",
         "九蓮寶燈，和牌前手裡 13 張正好是 1112345678999（九面聽）：雙倍役滿。"),
    "The dealer wins on the dealt hand (context heavenly).":
        ("庄家配牌就和（天和）。", "莊家配牌就和（天和）。"),
    "A non-dealer wins on their first draw, before any call (context chiihou).":
        ("闲家第一次摸牌就和，在任何鸣牌之前（地和）。",
         "閒家第一次摸牌就和，在任何鳴牌之前（地和）。"),
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
