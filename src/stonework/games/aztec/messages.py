"""Aztec's texts in English and French: the drawing's labels, the turn line and the refusals.

The English templates are the sentences the engine writes (``render_svg``, ``render_text``,
``state.describe_turn``, ``rules``); :mod:`stonework.core.i18n` explains how a text is matched.
The compass letters (N/S, E/W) and the notation stay as they are in both languages.
"""

from __future__ import annotations

from typing import Final

from stonework.core.i18n import COMMON, Catalogue, Message

M = Message

NEUTRAL: Final = ()
"""Texts that are names or notation, the same in every language (none beyond the catalogue's)."""

CATALOGUE: Final = Catalogue(
    "aztec",
    [
        # the header, the turn line and the result
        M("title", "Aztec: N/S {ns#} : {ew#} E/W", "Aztec : N/S {ns#} : {ew#} E/W"),
        M("doc-title", "Aztec, {turn}", "Aztec, {turn}"),
        M(
            "turn.place",
            "seat {n#} ({role}) to place a piece ({left#} left)",
            "siège {n#} ({role}) pose une pièce (encore {left#})",
        ),
        M(
            "turn.open",
            "seat {n#} to open the auction for Ah Puch (bid {lo#}..{hi#} or pass)",
            "siège {n#} ouvre les enchères pour Ah Puch (miser {lo#}..{hi#} ou passer)",
        ),
        M(
            "turn.must-bid",
            "seat {n#} must bid {lo#}..{hi#} for Ah Puch (both others passed)",
            "siège {n#} doit miser {lo#}..{hi#} pour Ah Puch (les deux autres ont passé)",
        ),
        M(
            "turn.bid-below",
            "seat {n#} to bid below {bid#} or pass",
            "siège {n#} mise moins de {bid#} ou passe",
        ),
        M("role.ns", "N/S", "N/S"),
        M("role.ew", "E/W", "E/W"),
        M("role.ah-puch", "Ah Puch", "Ah Puch"),
        M("role.bidder", "bidder", "enchérisseur"),
        M(
            "auction",
            "auction for Ah Puch, bids so far: {bids}",
            "enchères pour Ah Puch, mises jusqu'ici : {bids}",
        ),
        M("auction.none", "none yet", "aucune encore"),
        M(
            "roles",
            "N/S builder: seat {ns#}; E/W builder: seat {ew#}",
            "bâtisseur N/S : siège {ns#} ; bâtisseur E/W : siège {ew#}",
        ),
        M(
            "roles.ah-puch",
            "N/S builder: seat {ns#}; E/W builder: seat {ew#}; Ah Puch: seat {ap#}, wins if {test} stays below {bid#}",
            "bâtisseur N/S : siège {ns#} ; bâtisseur E/W : siège {ew#} ; Ah Puch : siège {ap#}, gagne si {test} reste sous {bid#}",
        ),
        M("test.each", "each builder", "chaque bâtisseur"),
        M("test.sum", "the builders' sum", "la somme des bâtisseurs"),
        M("over.win", "game over: {who} wins; {score}", "partie finie : {who} gagne ; {score}"),
        M(
            "over.draw",
            "game over: draw between {who}; {score}",
            "partie finie : égalité entre {who} ; {score}",
        ),
        M("and", "{a} and {b}", "{a} et {b}"),
        M("score", "N/S {ns#} : {ew#} E/W", "N/S {ns#} : {ew#} E/W"),
        M("seat-role", "seat {n#} ({role})", "siège {n#} ({role})"),
        # the legend and the picker
        M(
            "legend.ns",
            "N/S builder{seat}: rows N+S; pieces plain",
            "N/S{seat} : rangées N+S ; pièces unies",
        ),
        M(
            "legend.ns0",
            "N/S builder: rows N+S; pieces plain",
            "N/S : rangées N+S ; pièces unies",
        ),
        M(
            "legend.ew",
            "E/W builder{seat}: rows E+W; pieces hatched",
            "E/W{seat} : rangées E+W ; pièces hachurées",
        ),
        M(
            "legend.ew0",
            "E/W builder: rows E+W; pieces hatched",
            "E/W : rangées E+W ; pièces hachurées",
        ),
        M("legend.seat", "(seat {n#})", "(siège {n#})"),
        M(
            "legend.ap",
            "Ah Puch (seat {n#}): pieces dotted",
            "Ah Puch (siège {n#}) : pièces pointillées",
        ),
        M(
            "legend.corner",
            "corner: scores for both builders",
            "coin : compte pour les deux",
        ),
        M(
            "legend.star",
            "level-3 cube on a builder's row: 1 point",
            "cube de niveau 3 sur sa rangée : 1 point",
        ),
        M("legend.last", "the last piece placed", "la dernière pièce posée"),
        M(
            "legend.level",
            "level of the top cube; 2~ floats over a gap",
            "niveau du cube du haut ; 2~ flotte sur un vide",
        ),
        M(
            "legend.view",
            "the 3D view is seen from this ({corner}) corner",
            "la vue 3D est vue depuis ce coin ({corner})",
        ),
        M(
            "picker",
            "Orientations (dark: the corner cube, on the cell named)",
            "Orientations (foncé : le cube d'angle, sur la case nommée)",
        ),
        # refusals
        M(
            "err.stick-out",
            "the piece would stick out {where} (aztec.md §4.3.1)",
            "la pièce dépasserait {where} (aztec.md §4.3.1)",
        ),
        M("err.above", "above level 3", "au-dessus du niveau 3"),
        M("err.below", "below the board", "sous le plateau"),
        M("err.off", "off the board", "hors du plateau"),
        M(
            "err.occupied",
            "cell {cell} is already occupied (§4.3.2)",
            "la case {cell} est déjà occupée (§4.3.2)",
        ),
        M(
            "err.touch",
            "the piece touches the structure with {n#} {what}; at least 2 are needed (§4.3.3)",
            "la pièce touche la structure par {n#} {what} ; il en faut au moins 2 (§4.3.3)",
        ),
        M("err.face", "face", "face"),
        M("err.faces", "faces", "faces"),
        M("err.cube", "cube", "cube"),
        M("err.cubes", "cubes", "cubes"),
        M(
            "err.float",
            "cubes {a} and {b} would both float (stability, §4.3.4)",
            "les cubes {a} et {b} flotteraient tous deux (stabilité, §4.3.4)",
        ),
        M(
            "err.slide",
            "the piece cannot slide in from above or from any side (insertion=slide, §4.3.5)",
            "la pièce ne peut glisser en place ni par le dessus ni par un côté (insertion=slide, §4.3.5)",
        ),
        M(
            "err.before-auction",
            "{action}: no piece may be placed before the auction for Ah Puch is over ({turn})",
            "{action} : aucune pièce ne se pose avant la fin des enchères pour Ah Puch ({turn})",
        ),
        M(
            "err.bid-lower",
            "{action}: a bid must be lower than {bid#} (§3.7)",
            "{action} : une mise doit être inférieure à {bid#} (§3.7)",
        ),
        M(
            "err.third-bids",
            "pass: after two passes without a bid the third seat must bid",
            "passe : après deux passes sans mise, le troisième siège doit miser",
        ),
        M(
            "err.auction-over",
            "{action}: the auction is over ({turn})",
            "{action} : les enchères sont finies ({turn})",
        ),
        M(
            "err.bid-range",
            "{action}: bids run from 1 to {hi#}",
            "{action} : les mises vont de 1 à {hi#}",
        ),
        M(
            "err.no-auction",
            "{action} is not an action of 2-player Aztec (no auction)",
            "{action} n'est pas une action d'Aztec à 2 joueurs (pas d'enchères)",
        ),
        M(
            "err.not-notation",
            "{text} is not Aztec notation; {help}",
            "{text} n'est pas de la notation Aztec ; {help}",
        ),
        M(
            "err.help",
            "a placement is ORIENTATION-CELL-LEVEL, e.g. 'NU-d4-1' (orientation: two of E W N S U D, "
            "arm with the sixth cube first; cell a1..i9; level 1..3); the auction uses 'bid N' and 'pass'",
            "une pose s'écrit ORIENTATION-CASE-NIVEAU, par ex. 'NU-d4-1' (orientation : deux lettres parmi "
            "E W N S U D, le bras du sixième cube d'abord ; case a1..i9 ; niveau 1..3) ; les enchères "
            "s'écrivent 'bid N' et 'pass'",
        ),
        M(
            "err.not-action",
            "{text} is not an action of this Aztec game",
            "{text} n'est pas une action de cette partie d'Aztec",
        ),
        # what an action does (the choices' descriptions)
        M(
            "do.place",
            "place {orientation} with its corner cube on {cell}, level {level#}",
            "poser {orientation} avec son cube d'angle en {cell}, niveau {level#}",
        ),
        M("do.bid", "bid {n#} for Ah Puch", "miser {n#} pour Ah Puch"),
        M("do.pass", "pass", "passer"),
    ],
    parents=[COMMON],
)


def describe(state: object, action: object) -> str:
    """What ``action`` does, in English words the catalogue translates."""
    from stonework.games.aztec.actions import AuctionPass, Bid, Placement

    if isinstance(action, Placement):
        parts = str(action).split("-")
        if len(parts) == 3:
            orientation, cell, level = parts
            return f"place {orientation} with its corner cube on {cell}, level {level}"
    if isinstance(action, Bid):
        return f"bid {action.points} for Ah Puch"
    if isinstance(action, AuctionPass):
        return "pass"
    return ""
