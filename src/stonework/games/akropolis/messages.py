"""Akropolis's texts in English and French: the drawing's labels, the turn line and the refusals.

The English templates are the sentences the engine writes (``render_svg``, ``svg_city``,
``render_text``, ``state.describe_turn``, ``rules``); :mod:`stonework.core.i18n` explains how a
text is matched. Notation (``2@0,-3/1``) stays as it is.
"""

from __future__ import annotations

from typing import Final

from stonework.core.i18n import COMMON, Catalogue, Message

M = Message

NEUTRAL: Final = ()
"""Texts that are names or notation, the same in every language (none beyond the catalogue's)."""

CATALOGUE: Final = Catalogue(
    "akropolis",
    [
        # the header and the turn line
        M("doc-title", "Akropolis: {status}", "Akropolis : {status}"),
        M(
            "status",
            "Akropolis, {players}: {status}; turn {turn#}, stacks left {stacks#}, chief architect: {chief}",
            "Akropolis, {players} : {status} ; tour {turn#}, {stacks#} piles, architecte en chef : {chief}",
        ),
        M(
            "status.over",
            "Akropolis, {players}: game over; {result}",
            "Akropolis, {players} : partie finie ; {result}",
        ),
        M("players.1", "1 player", "1 joueur"),
        M("players.n", "{n#} players", "{n#} joueurs"),
        M("revealing", "revealing tiles ({n#} to come)", "tuiles à révéler ({n#} encore)"),
        M("to-play", "seat {n#} to play", "au tour du siège {n#}"),
        M("architect", "the Architect", "l'Architecte"),
        M(
            "turn.take",
            "seat {n#} to take a tile ({stones})",
            "siège {n#} prend une tuile ({stones})",
        ),
        M("turn.wait1", "waiting for 1 tile to be revealed", "en attente d'une tuile à révéler"),
        M(
            "turn.wait",
            "waiting for {n#} tiles to be revealed",
            "en attente de {n#} tuiles à révéler",
        ),
        M("stone1", "1 stone", "1 pierre"),
        M("stones", "{n#} stones", "{n#} pierres"),
        M("point1", "1 point", "1 point"),
        M("points", "{n#} points", "{n#} points"),
        M("result.beats", "seat 0 beats the Architect", "le siège 0 bat l'Architecte"),
        M("result.loses", "seat 0 loses to the Architect", "le siège 0 perd contre l'Architecte"),
        M(
            "result.shares",
            "seat 0 shares the victory with the Architect",
            "le siège 0 partage la victoire avec l'Architecte",
        ),
        M("result.wins", "{who} wins", "{who} gagne"),
        M("result.share", "{who} share the victory", "{who} partagent la victoire"),
        M("and", "{a} and {b}", "{a} et {b}"),
        # the site, the cities and the score sheets
        M(
            "site",
            "Construction site (take position k for k - 1 stones)",
            "Chantier (prendre la position k coûte k - 1 pierres)",
        ),
        M("site.cost", "{n#}: {cost}", "{n#} : {cost}"),
        M("free", "free", "gratuit"),
        M("seat.head", "Seat {n#}: {points}, {stones}", "Siège {n#} : {points}, {stones}"),
        M(
            "seat.head-move",
            "Seat {n#}: {points}, {stones}  ◀ to move",
            "Siège {n#} : {points}, {stones}  ◀ à jouer",
        ),
        M(
            "solo",
            "Architect ({level}): {stones#} stones, {tiles#} tiles, {points#} points",
            "Architecte ({level}) : {stones#} pierres, {tiles#} tuiles, {points#} points",
        ),
        M("sheet.districts", "districts", "quartiers"),
        M("sheet.value", "value", "valeur"),
        M("sheet.stars", "stars", "étoiles"),
        M("sheet.points", "= pts", "= pts"),
        M("sheet.stones", "stones", "pierres"),
        M("sheet.total", "total", "total"),
        M("house", "house", "habitation"),
        M("market", "market", "marché"),
        M("barracks", "barracks", "caserne"),
        M("temple", "temple", "temple"),
        M("garden", "garden", "jardin"),
        M("quarry", "quarry", "carrière"),
        # the legend
        M(
            "legend.plaza",
            "capital + ★: plaza (house 1★, market/barracks/temple 2★, garden 3★)",
            "capitale + ★ : place (habitation 1★, marché/caserne/temple 2★, jardin 3★)",
        ),
        M(
            "legend.height",
            "height of a raised hex, with its side below it",
            "hauteur d'un hexagone surélevé, avec son flanc en dessous",
        ),
        M("legend.edge", "heavy line: the edge of one tile", "trait épais : le bord d'une tuile"),
        M("legend.last", "the tile laid last", "la dernière tuile posée"),
        M(
            "legend.axial",
            "axial hex coordinates for the notation",
            "coordonnées axiales des hexagones pour la notation",
        ),
        M(
            "legend.open",
            "open ground spot of the player to move",
            "emplacement libre au sol du joueur à jouer",
        ),
        M(
            "legend.hexes",
            "a site tile's hexes; 2@Q,R/ROT lays hex 1 on Q,R, turned ROT (0-5) clockwise",
            "tuile du chantier : 2@Q,R/ROT pose l'hexagone 1 en Q,R, tourné ROT fois (0-5, sens horaire)",
        ),
        # refusals
        M(
            "err.site-size",
            "{action}: the construction site has {n#} tiles, there is no position {p#}",
            "{action} : le chantier a {n#} tuiles, il n'y a pas de position {p#}",
        ),
        M(
            "err.site-max",
            "{action}: the construction site has only {n#} positions",
            "{action} : le chantier n'a que {n#} positions",
        ),
        M(
            "err.cost",
            "{action}: position {p#} costs {cost#} stones, seat {n#} has {have#}",
            "{action} : la position {p#} coûte {cost#} pierres, le siège {n#} en a {have#}",
        ),
        M(
            "err.window",
            "{action}: the tile would stick out of the city window",
            "{action} : la tuile sortirait de la fenêtre de la cité",
        ),
        M(
            "err.window-id",
            "{action}: the tile would leave the city window (no id)",
            "{action} : la tuile sortirait de la fenêtre de la cité (pas d'identifiant)",
        ),
        M(
            "err.there",
            "{action}: a tile cannot go there (on the ground it must touch the city; higher up it "
            "must lie flat on three hexes of one height from two tiles or more)",
            "{action} : une tuile ne peut pas aller là (au sol elle doit toucher la cité ; plus haut "
            "elle doit reposer à plat sur trois hexagones de même hauteur d'au moins deux tuiles)",
        ),
        M(
            "err.no-reveal",
            "{action}: no tile is being revealed ({turn})",
            "{action} : aucune tuile n'est en train d'être révélée ({turn})",
        ),
        M(
            "err.not-stacks",
            "{action}: tile {tile} is not in the stacks",
            "{action} : la tuile {tile} n'est pas dans les piles",
        ),
        M(
            "err.reveal-first",
            "{action}: tiles must be revealed first",
            "{action} : il faut d'abord révéler les tuiles",
        ),
        M(
            "err.not-action",
            "{text} is not an Akropolis action: write POSITION@Q,R/ROTATION (e.g. 2@-1,3/4) or 'reveal NN'",
            "{text} n'est pas une action d'Akropolis : écrire POSITION@Q,R/ROTATION (par ex. 2@-1,3/4) ou 'reveal NN'",
        ),
        M(
            "err.positions",
            "{text}: site positions start at 1",
            "{text} : les positions du chantier commencent à 1",
        ),
        M(
            "err.rotation",
            "{text}: the rotation is 0..5 steps clockwise",
            "{text} : la rotation va de 0 à 5 pas dans le sens horaire",
        ),
        # what an action does
        M(
            "do.place",
            "take site tile {p#} ({cost}) and lay its hex 1 on {q#},{r#}, turned {rot#} clockwise",
            "prendre la tuile {p#} du chantier ({cost}) et poser son hexagone 1 en {q#},{r#}, tournée de {rot#} dans le sens horaire",
        ),
    ],
    parents=[COMMON],
)


def describe(state: object, action: object) -> str:
    """What ``action`` does, in English words the catalogue translates ("" for a reveal)."""
    from stonework.games.akropolis.actions import Place

    if isinstance(action, Place):
        cost = "free" if action.position == 1 else f"{action.position - 1} stones"
        if action.position == 2:
            cost = "1 stone"
        return (
            f"take site tile {action.position} ({cost}) and lay its hex 1 on "
            f"{action.q},{action.r}, turned {action.rotation} clockwise"
        )
    return ""
