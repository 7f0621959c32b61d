"""Pattern definitions in French for the variants whose module gives none (Chinese Official), keyed
by the English definition, as scoring/definitions_zh.py does for Chinese: a definition missing here
(or changed in its module) is shown in English, marked lang="en". Words as the French names of the
same patterns say them (famille, tuiles tissées, autopioche)."""

DEFINITIONS: dict[str, str] = {
    # Chinese Official (rules-mcr.md)
    "Pungs or kongs of all four winds.": "Des pungs ou kongs des quatre vents.",
    "Pungs or kongs of all three dragons.": "Des pungs ou kongs des trois dragons.",
    "Only 2, 3, 4, 6 and 8 of bamboo and the green dragon.":
        "Seulement les 2, 3, 4, 6 et 8 de bambous et le dragon vert.",
    "1112345678999 of one suit held concealed, won on any tile of that suit.":
        "1112345678999 d'une famille, gardés cachés, gagnés sur n'importe quelle tuile de cette "
        "famille.",
    "Four kongs.": "Quatre kongs.",
    "Seven pairs of seven consecutive numbers of one suit.":
        "Sept paires de sept nombres qui se suivent dans une famille.",
    "One of each terminal and honor, and a second of one of them.":
        "Un de chaque terminal et de chaque honneur, et un second de l'un d'eux.",
    "Only 1s and 9s.": "Seulement des 1 et des 9.",
    "Pungs of three winds and a pair of the fourth.":
        "Des pungs de trois vents et une paire du quatrième.",
    "Pungs of two dragons and a pair of the third.":
        "Des pungs de deux dragons et une paire du troisième.",
    "Only winds and dragons.": "Seulement des vents et des dragons.",
    "Four concealed pungs or kongs.": "Quatre pungs ou kongs cachés.",
    "Two 123 and two 789 chows and a pair of 5, all of one suit.":
        "Deux chows 123, deux chows 789 et une paire de 5, tous d'une même famille.",
    "Four identical chows.": "Quatre chows identiques.",
    "Pungs of four consecutive numbers of one suit.":
        "Des pungs de quatre nombres qui se suivent dans une famille.",
    "Four chows of one suit, each one or each two higher than the last.":
        "Quatre chows d'une famille, chacun d'un cran ou chacun de deux au-dessus du précédent.",
    "Three kongs.": "Trois kongs.",
    "Only terminals and honors, both present.":
        "Seulement des terminaux et des honneurs, les deux présents.",
    "Seven pairs (four alike are two pairs).": "Sept paires (quatre tuiles pareilles font deux "
                                               "paires).",
    "All seven honors and seven tiles of one knitted straight.":
        "Les sept honneurs et sept tuiles d'une suite tissée.",
    "Pungs and the pair of 2, 4, 6 and 8 only.":
        "Des pungs et la paire, seulement de 2, 4, 6 et 8.",
    "Only one suit, no honors.": "Une seule famille, sans honneurs.",
    "Three identical chows.": "Trois chows identiques.",
    "Pungs of three consecutive numbers of one suit.":
        "Des pungs de trois nombres qui se suivent dans une famille.",
    "Only 7, 8 and 9.": "Seulement des 7, 8 et 9.",
    "Only 4, 5 and 6.": "Seulement des 4, 5 et 6.",
    "Only 1, 2 and 3.": "Seulement des 1, 2 et 3.",
    "123, 456 and 789 of one suit.": "123, 456 et 789 d'une même famille.",
    "123 and 789 of two suits, and a pair of 5 of the third.":
        "123 et 789 de deux familles, et une paire de 5 de la troisième.",
    "Three chows of one suit, each one or each two higher than the last.":
        "Trois chows d'une famille, chacun d'un cran ou chacun de deux au-dessus du précédent.",
    "Every set and the pair hold a 5.": "Chaque combinaison et la paire contiennent un 5.",
    "Pungs of the same number in the three suits.":
        "Des pungs du même nombre dans les trois familles.",
    "Three concealed pungs or kongs.": "Trois pungs ou kongs cachés.",
    "Fourteen single tiles: honors and tiles of one knitted straight.":
        "Quatorze tuiles isolées : des honneurs et des tuiles d'une suite tissée.",
    "147, 258 and 369 each in a different suit.": "147, 258 et 369, chacun dans une autre famille.",
    "Only 6, 7, 8 and 9.": "Seulement des 6, 7, 8 et 9.",
    "Only 1, 2, 3 and 4.": "Seulement des 1, 2, 3 et 4.",
    "Pungs of three winds.": "Des pungs de trois vents.",
    "123, 456 and 789, each in another suit.": "123, 456 et 789, chacun dans une autre famille.",
    "Only tiles that look the same upside down: 1234589 dots, 245689 bamboo, white dragon.":
        "Seulement des tuiles pareilles à l'envers : 1234589 de cercles, 245689 de bambous, "
        "dragon blanc.",
    "The same chow in the three suits.": "Le même chow dans les trois familles.",
    "Pungs of three consecutive numbers, one in each suit.":
        "Des pungs de trois nombres qui se suivent, un dans chaque famille.",
    "A hand with no other fan (flowers aside).": "Une main sans aucun autre fan (fleurs à part).",
    "Self-drawn on the last tile of the wall.": "Autopioche de la dernière tuile du mur.",
    "Won on the discard of the last tile.": "Gagné sur la défausse de la dernière tuile.",
    "Won on the replacement tile after one's own kong.":
        "Gagné sur la tuile de remplacement après son propre kong.",
    "Won on the tile another player adds to a pung to make a kong.":
        "Gagné sur la tuile qu'un autre joueur ajoute à un pung pour faire un kong.",
    "Four pungs or kongs.": "Quatre pungs ou kongs.",
    "One suit and honors.": "Une famille et des honneurs.",
    "Three chows, one in each suit, each one higher than the last.":
        "Trois chows, un dans chaque famille, chacun d'un cran au-dessus du précédent.",
    "All three suits, winds and dragons.": "Les trois familles, des vents et des dragons.",
    "Four claimed sets, won on a discard that completes the pair.":
        "Quatre combinaisons prises, gagné sur une défausse qui complète la paire.",
    "Two concealed kongs.": "Deux kongs cachés.",
    "Pungs of two dragons.": "Des pungs de deux dragons.",
    "Every set and the pair hold a terminal or an honor.":
        "Chaque combinaison et la paire contiennent un terminal ou un honneur.",
    "No claimed set, and self-drawn.": "Aucune combinaison prise, et autopioche.",
    "Two claimed kongs.": "Deux kongs pris.",
    "Won on the last copy of a tile, the other three already shown.":
        "Gagné sur le dernier exemplaire d'une tuile, les trois autres déjà visibles.",
    "A pung of a dragon, each.": "Chaque pung de dragon.",
    "A pung of the round's wind.": "Un pung du vent dominant.",
    "A pung of one's seat wind.": "Un pung de son vent de place.",
    "No claimed set, won on a discard.": "Aucune combinaison prise, gagné sur une défausse.",
    "Four chows and a pair of a suit.": "Quatre chows et une paire d'une famille.",
    "All four copies of a tile used without a kong, each.":
        "Chaque tuile dont les quatre exemplaires sont utilisés sans kong.",
    "Pungs of the same number in two suits.": "Des pungs du même nombre dans deux familles.",
    "Two concealed pungs or kongs.": "Deux pungs ou kongs cachés.",
    "A concealed kong.": "Un kong caché.",
    "No terminals and no honors.": "Ni terminaux ni honneurs.",
    "Two identical chows.": "Deux chows identiques.",
    "The same chow in two suits.": "Le même chow dans deux familles.",
    "Two chows of one suit making six in a row.":
        "Deux chows d'une famille qui font six nombres à la suite.",
    "123 and 789 of one suit.": "123 et 789 d'une même famille.",
    "A pung of 1s, 9s or winds (not counted for a wind that is the seat's or the round's).":
        "Un pung de 1, de 9 ou de vent (pas pour le vent de place ni le vent dominant).",
    "A claimed kong.": "Un kong pris.",
    "One of the three suits absent.": "Une des trois familles absente.",
    "No winds and no dragons.": "Ni vents ni dragons.",
    "Waiting on the 3 of 12 or the 7 of 89, and on no other tile.":
        "Attente du 3 de 12 ou du 7 de 89, et d'aucune autre tuile.",
    "Waiting on the middle tile of a chow, and on no other tile.":
        "Attente de la tuile du milieu d'un chow, et d'aucune autre tuile.",
    "Waiting on the tile that pairs a single tile, and on no other tile.":
        "Attente de la tuile qui fait la paire d'une tuile isolée, et d'aucune autre tuile.",
    "The winning tile drawn from the wall.": "La tuile gagnante tirée du mur.",
    "Each flower or season; not counted toward the 8-fan minimum.":
        "Chaque fleur ou saison ; ne compte pas pour le minimum de 8 fans.",
    "One concealed and one claimed kong (the reference engine's fan, in place of a Concealed Kong "
    "and a Melded Kong).":
        "Un kong caché et un kong pris (le fan du moteur de référence, au lieu d'un kong caché et "
        "d'un kong exposé).",
}


def definition_fr(definition: str) -> str | None:
    return DEFINITIONS.get(definition)
