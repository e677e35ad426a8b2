"""Zapotec's texts in English and French: the drawing's labels, the turn line and the refusals.

The English templates are the sentences the engine writes (``svg_board``, ``svg_players``,
``render_svg``, ``effect_words``, ``state.describe_turn``, ``rules``); :mod:`stonework.core.i18n`
explains how a text is matched. Notation, card codes (``12 etla/wood``), space names and trade
tile names (``II:swap``) stay as they are.
"""

from __future__ import annotations

from typing import Final

from stonework.core.i18n import COMMON, Catalogue, Message

M = Message

_WORDS = [
    ("wood", "bois"),
    ("brick", "brique"),
    ("stone", "pierre"),
    ("corn", "maïs"),
    ("gold", "or"),
    ("priest", "prêtre"),
    ("basic", "matériau"),
    ("hills", "collines"),
    ("plains", "plaines"),
    ("forests", "forêts"),
    ("temple", "temple"),
    ("village", "village"),
    ("cornfield", "champ de maïs"),
    ("commit", "choix de carte"),
    ("income", "revenu"),
    ("actions", "actions"),
    ("build", "construction"),
    ("free-ritual", "rituel gratuit"),
    ("draft", "pioche"),
    ("end", "fin"),
    ("tile", "tuile"),
    ("trade", "comptoir"),
    ("scoring-tile", "tuile de score"),
    ("ritual", "rituel"),
    ("scoring-card", "carte de score"),
    ("offer", "offre"),
    ("hand", "main"),
    ("immediate", "immédiat"),
    ("permanent", "permanent"),
    ("disc", "disque"),
    ("empty", "vide"),
    ("round", "manche"),
    ("less", "de moins"),
    ("small", "petite"),
    ("medium", "moyenne"),
    ("large", "grande"),
]

NEUTRAL: Final = (
    r"[\s,]*(#?\d+ [a-z]+/[a-z]+[,)]?\s*)+",  # card codes, as in the notation
    r"(etla|mitla|ocotlan)(-[a-z]+)?(\.\d+)?",  # region and section names
    r"I{1,3}([:.][A-Za-z0-9]+)?",  # trade rows and trade tile names
)
"""Texts that are names or notation, the same in every language."""

CATALOGUE: Final = Catalogue(
    "zapotec",
    [M(f"word.{en}", en, fr) for en, fr in _WORDS]
    + [
        # the turn line and the header
        M(
            "turn",
            "round {r#}: seat {n#} to play, {phase} phase",
            "manche {r#} : au tour du siège {n#}, phase {phase}",
        ),
        M(
            "turn.chance",
            "round {r#}: waiting for a chance outcome ({task})",
            "manche {r#} : en attente du hasard ({task})",
        ),
        M(
            "title",
            "Zapotec, {n#} players, round {r#} of {of#}: seat {s#} to play, {phase} phase",
            "Zapotec, {n#} joueurs, manche {r#} sur {of#} : au tour du siège {s#}, phase {phase}",
        ),
        M(
            "title.chance",
            "Zapotec, {n#} players, round {r#} of {of#}: waiting for chance ({task})",
            "Zapotec, {n#} joueurs, manche {r#} sur {of#} : en attente du hasard ({task})",
        ),
        M(
            "title.over",
            "Zapotec, {n#} players: the game is over",
            "Zapotec, {n#} joueurs : la partie est finie",
        ),
        M("seat.you", "Seat {n#} (you): {vp#} VP", "Siège {n#} (vous) : {vp#} PV"),
        M(
            "seat.you-play",
            "Seat {n#} (you): {vp#} VP  ◀ to play",
            "Siège {n#} (vous) : {vp#} PV  ◀ à jouer",
        ),
        M("seat.vp", "Seat {n#}: {vp#} VP", "Siège {n#} : {vp#} PV"),
        M("seat.vp-play", "Seat {n#}: {vp#} VP  ◀ to play", "Siège {n#} : {vp#} PV  ◀ à jouer"),
        # the main board
        M("offer", "Offer", "Offre"),
        M("pyramids", "Pyramids", "Pyramides"),
        M("rituals", "Rituals", "Rituels"),
        M(
            "track",
            "Sacrifice track (end: {a#}/{b#}/{c#} VP by rank)",
            "Piste des sacrifices (fin : {a#}/{b#}/{c#} PV selon le rang)",
        ),
        M("scoring-card.head", "Scoring card", "Carte de score"),
        M("scoring-tiles", "Scoring tiles to place:", "Tuiles de score à poser :"),
        M("trade-rows", "Trade rows", "Rangées du comptoir"),
        M("turn-order", "Turn order", "Ordre du tour"),
        M("stack", "stack {n#}", "pile {n#}"),
        M("track.space", "sacrifice track: space {n#}", "piste des sacrifices : case {n#}"),
        M("next-pyramid", "next new pyramid", "prochaine pyramide"),
        M("no-priest", "no priest", "pas de prêtre"),
        M("pieces-left", "pieces left", "pièces restantes"),
        M("rituals-need", "rituals need", "rituels :"),
        M(
            "not-in-play",
            "space not in play at this player count",
            "case hors jeu à ce nombre de joueurs",
        ),
        M("free-ritual", "a free ritual", "un rituel gratuit"),
        M("cost-gold", "cost {n#} gold", "coût {n#} or"),
        M("buildings-less", "buildings cost {n#} less", "bâtiments : {n#} de moins"),
        M("trade-tiles", "trade tiles", "tuiles du comptoir"),
        M("order", "{a} > {b}", "{a} > {b}"),
        M("score-line", "{k#}. {what}: {vp#} VP", "{k#}. {what} : {vp#} PV"),
        M("score.houses", "{n#} {icon} houses", "{n#} maisons {icon}"),
        M(
            "score.sets",
            "{n#} sets of temple, village and cornfield houses",
            "{n#} séries de maisons temple, village et champ de maïs",
        ),
        M("score.trade", "{n#} trade tiles", "{n#} tuiles du comptoir"),
        M(
            "score.line",
            "a full row or column of the grid",
            "une ligne ou colonne pleine de la grille",
        ),
        M("score.region", "a house in each region", "une maison dans chaque région"),
        M("score.terrain", "a house in each terrain", "une maison sur chaque terrain"),
        M("score.pyramid", "a piece in a complete pyramid", "une pièce dans une pyramide complète"),
        M("times.discs", "×{n#} discs", "×{n#} disques"),
        M("times.houses", "×{n#} houses", "×{n#} maisons"),
        M("palace-on", "palace on {space}", "palais sur {space}"),
        M("palace-to-build", "palace to build", "palais à construire"),
        M(
            "title.over2",
            "Zapotec, {n#} players, round {r#} of {of#}: the game is over",
            "Zapotec, {n#} joueurs, manche {r#} sur {of#} : la partie est finie",
        ),
        # the final score sheet
        M("final", "Final scoring", "Décompte final"),
        M("sheet.place", "place", "place"),
        M("sheet.rounds", "rounds", "manches"),
        M("sheet.pyramids", "pyramids", "pyramides"),
        M(
            "sheet.pyramid",
            "pyramid {n#} ({tile}): pieces x houses",
            "pyramide {n#} ({tile}) : pièces x maisons",
        ),
        M("sheet.track", "sacrifice track", "piste des sacrifices"),
        M("sheet.rituals", "rituals", "rituels"),
        M("sheet.ritual", "ritual card {n#}", "carte de rituel {n#}"),
        M("sheet.total", "total", "total"),
        M(
            "sheet.projected",
            "total if the game ended now",
            "total si la partie finissait maintenant",
        ),
        M("sheet.completion", "{a#} x {b#} +completion = {c#}", "{a#} x {b#} +achèvement = {c#}"),
        # effects
        M("gain", "+{n#} {what}", "+{n#} {what}"),
        M("gain2", "+{n#} {what} {rest}", "+{n#} {what} {rest}"),
        M("amount", "{n#} {what}", "{n#} {what}"),
        M("exchange", "{pay} > {get}", "{pay} > {get}"),
        M(
            "with-income",
            "+{n#} {what} with {source} income",
            "+{n#} {what} avec le revenu de {source}",
        ),
        M(
            "tiles-less",
            "trade tiles cost {n#} gold less",
            "les tuiles du comptoir coûtent {n#} or de moins",
        ),
        M("build-anywhere", "build on any space", "construire sur n'importe quel emplacement"),
        M("pyramid-levels", "pyramid levels", "étages de pyramide"),
        M("pyramid-save", "pyramid levels save {what}", "étages de pyramide : {what} de moins"),
        M("save", "save {n#} {what}", "{n#} {what} de moins"),
        M("and-amount", "and {n#} {what}", "et {n#} {what}"),
        M("amount-and", "{n#} {what} and {rest}", "{n#} {what} et {rest}"),
        M("res-count", "{what} {n#}", "{what} {n#}"),
        M("res-row", "{what} ▶", "{what} ▶"),
        M("res-col", "{what} ▼", "{what} ▼"),
        # the player boards and the legend
        M("hand", "hand: {n#} cards", "main : {n#} cartes"),
        M("hand.none", "hand: -", "main : -"),
        M(
            "hand.seen-all",
            "hand: {n#} cards (seen: {cards})",
            "main : {n#} cartes (vues : {cards})",
        ),
        M("err.offer", "card {n#} is not in the offer", "la carte {n#} n'est pas dans l'offre"),
        M("err.hand", "card {n#} is not in your hand", "la carte {n#} n'est pas dans votre main"),
        M(
            "err.icon",
            "that space does not match the icon of your card",
            "cette case ne correspond pas au symbole de votre carte",
        ),
        M(
            "err.tile-gone",
            "the scoring tile {icon} is not available",
            "la tuile de score {icon} n'est pas disponible",
        ),
        M(
            "err.spaces",
            "there are only {n#} pyramid spaces",
            "il n'y a que {n#} emplacements de pyramide",
        ),
        M(
            "err.largest",
            "your largest piece goes: name no size (option pyramid_piece=largest, §7)",
            "votre plus grande pièce part : ne nommez pas de taille (option pyramid_piece=largest, §7)",
        ),
        M(
            "err.name-size",
            "name the piece: small, medium or large (option pyramid_piece=any)",
            "nommez la pièce : small, medium ou large (option pyramid_piece=any)",
        ),
        M(
            "err.larger",
            "{which} must go on a larger piece, at most 3 levels (§7)",
            "{which} doit aller sur une pièce plus grande, 3 étages au plus (§7)",
        ),
        M(
            "err.not-possible",
            "{action} is not a possible outcome now ({turn})",
            "{action} n'est pas un tirage possible maintenant ({turn})",
        ),
        M("err.not-decision", "{action} is not a decision", "{action} n'est pas une décision"),
        M("gain-cut", "+{n#} {what} +{m#}", "+{n#} {what} +{m#}"),
        M("amounts", "{n#} {what} {rest}", "{n#} {what} {rest}"),
        # a track space's words wrapped after a number (v7's space 1: "+1 brick +2" / "corn +1 gold")
        M("cut-gain", "{what} +{n#} {rest}", "{what} +{n#} {rest}"),
        M("hand.seen", "hand: {n#} cards (seen: {cards}", "main : {n#} cartes (vues : {cards}"),
        M("played", "played: {card}", "jouée : {card}"),
        M("your-choice", "your choice: {card}", "votre choix : {card}"),
        M("chosen", "has chosen a card (hidden)", "a choisi une carte (cachée)"),
        M("your-hand", "your hand (only you see it)", "votre main (vous seul la voyez)"),
        M(
            "view.seat",
            "seat {n#}'s view: only your own hand is shown",
            "vue du siège {n#} : seule votre main est montrée",
        ),
        M(
            "view.spectator",
            "spectator view: no hand is shown",
            "vue de spectateur : aucune main n'est montrée",
        ),
        M(
            "legend.house",
            "a house; the number is its owner's seat",
            "une maison ; le nombre est le siège du propriétaire",
        ),
        M(
            "legend.palace",
            "a palace (counts as two houses)",
            "un palais (compte pour deux maisons)",
        ),
        M(
            "legend.cornfield",
            "cornfield space; WC under it: its tile gives wood + corn",
            "case champ de maïs ; WC dessous : sa tuile donne bois + maïs",
        ),
        M(
            "legend.temple",
            "temple space (BP: brick + priest)",
            "case temple (BP : brique + prêtre)",
        ),
        M("legend.village", "village space (SG: stone + gold)", "case village (SG : pierre + or)"),
        M(
            "legend.pyramid",
            "pyramid piece: seat, L/M/S size; dashed: steps still open",
            "pièce de pyramide : siège, taille L/M/S ; tirets : étages encore ouverts",
        ),
        M(
            "legend.last",
            "the last board action (or a heavy outline)",
            "la dernière action sur le plateau (ou un contour épais)",
        ),
        # refusals
        M("err.reason", "{action}: {reason} ({turn})", "{action} : {reason} ({turn})"),
        M(
            "err.one-per-row",
            "you already bought a tile from row {row} this turn (§6: one per row)",
            "vous avez déjà acheté une tuile de la rangée {row} ce tour (§6 : une par rangée)",
        ),
        M(
            "err.gold",
            "it costs {n#} gold and you have {have#}",
            "cela coûte {n#} or et vous en avez {have#}",
        ),
        M(
            "err.no-tile-slot",
            "row {row} has no tile in slot {n#}",
            "la rangée {row} n'a pas de tuile à la place {n#}",
        ),
        M("err.not-owned", "you do not own a {tile} tile", "vous n'avez pas de tuile {tile}"),
        M(
            "err.used",
            "your {tile} tile is used this round",
            "votre tuile {tile} a servi cette manche",
        ),
        M(
            "err.way-cost",
            "that way of using your {tile} tile costs {cost}",
            "cet usage de votre tuile {tile} coûte {cost}",
        ),
        M(
            "err.one-level",
            "only one pyramid level per turn (option one_pyramid_level_per_turn)",
            "un seul étage de pyramide par tour (option one_pyramid_level_per_turn)",
        ),
        M("err.level-cost", "a level costs {cost}", "un étage coûte {cost}"),
        M(
            "err.no-piece",
            "you have no pyramid piece left",
            "vous n'avez plus de pièce de pyramide",
        ),
        M("err.no-size", "you have no {size} piece left", "vous n'avez plus de {size} pièce"),
        M("err.started", "pyramid {n#} is already started", "la pyramide {n#} est déjà commencée"),
        M(
            "err.first-empty",
            "new pyramids start on the first empty pyramid space",
            "les nouvelles pyramides commencent sur le premier emplacement vide",
        ),
        M(
            "err.name-tile",
            "pyramid {n#} is empty: name a scoring tile to start it",
            "la pyramide {n#} est vide : nommez une tuile de score pour la commencer",
        ),
        M("err.no-disc", "you have no ritual disc left", "vous n'avez plus de disque de rituel"),
        M(
            "err.disc-piece",
            "you need one pyramid piece on the board per ritual disc (§8)",
            "il faut une pièce de pyramide sur le plateau par disque de rituel (§8)",
        ),
        M("err.ritual-priest", "a ritual costs 1 priest (§8)", "un rituel coûte 1 prêtre (§8)"),
        M("err.no-ritual", "there is no such ritual card", "cette carte de rituel n'existe pas"),
        M(
            "err.disc-there",
            "you already have a disc on that ritual",
            "vous avez déjà un disque sur ce rituel",
        ),
        M(
            "err.ritual-gold",
            "a ritual costs 1 gold per other disc on it: {n#} here (§8)",
            "un rituel coûte 1 or par autre disque dessus : {n#} ici (§8)",
        ),
        M(
            "err.sacrifice",
            "a sacrifice costs 1 priest and 1 corn per step (§9)",
            "un sacrifice coûte 1 prêtre et 1 maïs par pas (§9)",
        ),
        M(
            "err.corn",
            "{n#} steps cost {m#} corn and you have {have#} (§9)",
            "{n#} pas coûtent {m#} maïs et vous en avez {have#} (§9)",
        ),
        M(
            "err.steps-left",
            "only {n#} steps are left on the track (option sacrifice_past_end)",
            "il ne reste que {n#} pas sur la piste (option sacrifice_past_end)",
        ),
        M("err.no-house", "you have no house left", "vous n'avez plus de maison"),
        M("err.slot", "slot {n#} of your grid is taken", "la place {n#} de votre grille est prise"),
        M("err.palace", "you built your palace already", "vous avez déjà construit votre palais"),
        M("err.not-free", "that space is not free", "cette case n'est pas libre"),
        M("err.pay", "you cannot pay for it that way", "vous ne pouvez pas le payer ainsi"),
        M(
            "err.chance",
            "a chance outcome is not a decision",
            "un tirage du hasard n'est pas une décision",
        ),
        M(
            "err.building",
            "building has started: no more actions this turn (§5.2c)",
            "la construction a commencé : plus d'action ce tour (§5.2c)",
        ),
        M(
            "err.phase",
            "that belongs to the {wanted} phase, not the {phase} phase",
            "cela appartient à la phase {wanted}, pas à la phase {phase}",
        ),
        M("err.or", "{a} or {b}", "{a} ou {b}"),
        M(
            "err.not-notation",
            "{text} is not zapotec notation",
            "{text} n'est pas de la notation Zapotec",
        ),
        M(
            "err.not-action",
            "{text} is not a zapotec action",
            "{text} n'est pas une action de Zapotec",
        ),
        # what an action does (descriptions of the legal actions)
        M("do.play", "choose card {card} secretly", "choisir la carte {card} en secret"),
        M(
            "do.income-row",
            "take the income of your grid's row",
            "prendre le revenu de la ligne de votre grille",
        ),
        M(
            "do.income-column",
            "take the income of your grid's column",
            "prendre le revenu de la colonne de votre grille",
        ),
        M("do.done", "end your actions", "finir vos actions"),
        M("do.draft", "draft card {card}", "piocher la carte {card}"),
        M("do.buy", "buy trade tile {slot}", "acheter la tuile du comptoir {slot}"),
        M("do.use", "use trade tile {tile}", "utiliser la tuile du comptoir {tile}"),
        M("do.pyramid", "add a piece to pyramid {n#}", "ajouter une pièce à la pyramide {n#}"),
        M("do.ritual", "place a disc on ritual {n#}", "poser un disque sur le rituel {n#}"),
        M(
            "do.sacrifice",
            "sacrifice: {n#} steps on the track",
            "sacrifice : {n#} pas sur la piste",
        ),
        M(
            "do.build",
            "build a house on {space} (grid slot {n#})",
            "construire une maison sur {space} (place {n#} de la grille)",
        ),
        M("do.palace", "build your palace on {space}", "construire votre palais sur {space}"),
    ],
    parents=[COMMON],
)


def describe(state: object, action: object) -> str:
    """What ``action`` does, in English words the catalogue translates ("" for chance outcomes)."""
    from stonework.games.zapotec import actions as a

    text = str(action)
    words = text.split()
    match action:
        case a.Play(card=card):
            return f"choose card {card} secretly"
        case a.Draft(card=card):
            return f"draft card {card}"
        case a.Income(column=column):
            return f"take the income of your grid's {'column' if column else 'row'}"
        case a.Buy():
            return f"buy trade tile {words[1]}"
        case a.Use():
            return f"use trade tile {' '.join(words[1:])}"
        case a.Pyramid(space=space):
            return f"add a piece to pyramid {space + 1}"
        case a.Ritual(card=card):
            return f"place a disc on ritual {card + 1}"
        case a.Sacrifice(corn=corn):
            return f"sacrifice: {corn} steps on the track"
        case a.Build(slot=slot):
            return f"build a house on {words[1]} (grid slot {slot + 1})"
        case a.Palace():
            return f"build your palace on {words[1]}"
        case a.Done():
            return "end your actions"
    return ""
