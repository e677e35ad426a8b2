// Rules summaries of each game and the French one-liners of the options (the server gives the
// English ones), so every text the lobby and the table show exists in both languages.

import { language } from "./i18n";

const SUMMARY: Record<string, { en: string[]; fr: string[] }> = {
  akropolis: {
    en: [
      "Each turn take a tile from the construction site: the first is free, each one further costs one stone.",
      "Lay it in your city touching what is built, or on top of three hexes of one height from at least two tiles.",
      "Covering a quarry earns a stone. When one tile is left, the next stack is revealed.",
      "Each district type scores the heights of its qualifying districts times the stars of its plazas.",
      "Houses: only the largest group. Markets: no market neighbour. Barracks: on the edge. Temples: surrounded. Gardens: always.",
      "One point per stone; ties go to the most stones. Alone, you play against the Illustrious Architect.",
    ],
    fr: [
      "À votre tour, prenez une tuile du chantier : la première est gratuite, chaque suivante coûte une pierre de plus.",
      "Posez-la dans votre cité contre ce qui est construit, ou par-dessus trois hexagones de même hauteur d'au moins deux tuiles.",
      "Recouvrir une carrière rapporte une pierre. Quand il reste une tuile, la pile suivante est révélée.",
      "Chaque type de quartier marque la hauteur de ses quartiers valides multipliée par les étoiles de ses places.",
      "Habitations : le plus grand groupe seulement. Marchés : sans marché voisin. Casernes : en bordure. Temples : entourés. Jardins : toujours.",
      "Un point par pierre ; à égalité, le plus de pierres l'emporte. Seul, vous jouez contre l'Architecte illustre.",
    ],
  },
  aztec: {
    en: [
      "Two builders (N/S and E/W) take turns placing identical six-cube pieces around the centre cube of a 9×9 board.",
      "A piece must touch the structure with at least two cube faces, stay within three levels and the board's edge.",
      "No two face-adjacent cubes may both float above an empty column.",
      "At the end each builder scores one point per level-3 cube on their two outer rows; the higher score wins.",
      "With three players an auction first chooses Ah Puch, who wins if every builder stays below the bid.",
      "Choose an orientation, then click the cell of the piece's corner cube; R or the wheel cycles what is left.",
    ],
    fr: [
      "Deux bâtisseurs (N/S et E/O) posent à tour de rôle des pièces identiques de six cubes autour du cube central d'un plateau 9×9.",
      "Une pièce doit toucher la structure par au moins deux faces de cube, sans dépasser trois niveaux ni le bord.",
      "Deux cubes voisins par une face ne peuvent pas flotter tous les deux au-dessus d'une colonne vide.",
      "À la fin, chaque bâtisseur marque un point par cube de niveau 3 sur ses deux rangées extérieures ; le plus haut score gagne.",
      "À trois, une enchère désigne d'abord Ah Puch, qui gagne si chaque bâtisseur reste sous l'enchère.",
      "Choisissez une orientation, puis cliquez la case du cube d'angle ; R ou la molette fait défiler ce qui reste.",
    ],
  },
  zapotec: {
    en: [
      "Five rounds. Each round everyone secretly plays a card; the lowest number goes first.",
      "Take income from the card and from the row or the column of your 3×3 grid.",
      "Then act: buy trade tiles, build pyramid levels, perform rituals, sacrifice corn on the track.",
      "Build houses on spaces matching your card's icon; each building tile goes into your grid.",
      "Score houses matching the scoring card, then draft a card from the offer.",
      "At the end: pyramids, the sacrifice track and rituals score too.",
    ],
    fr: [
      "Cinq manches. À chaque manche, chacun joue une carte en secret ; le plus petit numéro commence.",
      "Prenez le revenu de la carte et de la ligne ou de la colonne de votre grille 3×3.",
      "Puis agissez : achetez des tuiles de commerce, montez des pyramides, faites des rituels, sacrifiez du maïs.",
      "Construisez des maisons sur les emplacements du symbole de votre carte ; chaque tuile de bâtiment va dans votre grille.",
      "Marquez les maisons qui correspondent à la carte de score, puis prenez une carte de l'offre.",
      "À la fin, les pyramides, la piste des sacrifices et les rituels rapportent aussi.",
    ],
  },
};

/** The rules summary of `game` in the current language (a few lines). */
export function rulesSummary(game: string): string[] {
  const entry = SUMMARY[game];
  return entry ? entry[language()] : [];
}

const OPTION_FR: Record<string, string> = {
  "akropolis.houses": "Variante habitations : un groupe d'habitations valant 10 ou plus compte double.",
  "akropolis.markets": "Variante marchés : un marché valide voisin d'une place de marché compte double.",
  "akropolis.barracks": "Variante casernes : une caserne valide avec 3 ou 4 voisins vides compte double.",
  "akropolis.temples": "Variante temples : un temple valide à la hauteur 2 ou plus compte double.",
  "akropolis.gardens": "Variante jardins : un jardin voisin d'un lac compte double.",
  "akropolis.barracks_edge":
    "Quels voisins vides mettent une caserne en bordure : tout vide (any_empty) ou seulement l'extérieur (outside_only).",
  "akropolis.lake": "Ce qu'est un lac : un seul hexagone vide entouré (single_hex) ou toute zone vide enclose (enclosed_region).",
  "akropolis.long_game": "Partie longue avec les 61 tuiles (plus de piles à 2 et 3 joueurs).",
  "akropolis.architect":
    "Niveau de l'adversaire en solo : hippodamos (facile), metagenes (+2 par carrière), callicrates (quartiers de hauteur 2).",
  "aztec.stability":
    "Pas de deux cubes flottants voisins dans toute la structure (structure), dans la nouvelle pièce seulement (per_piece), ou flottant = case vide juste dessous (cell_below).",
  "aztec.insertion": "Toute pose sur des cases libres (free), ou seulement une pièce qui glisse en place sans traverser de cube (slide).",
  "aztec.contact": "Deux contacts par face, éventuellement sur un seul cube (faces), ou sur deux cubes différents (cubes).",
  "aztec.corners": "Les cubes d'angle de niveau 3 comptent pour les deux bâtisseurs (both) ou pour aucun (none).",
  "aztec.starter": "À deux : le bâtisseur N/S (place 0) ou E/O (place 1) commence.",
  "aztec.no_move": "Sans pose possible : on passe et la partie se termine (pass), ou le joueur au trait perd (lose).",
  "aztec.threshold": "À trois : Ah Puch gagne si chaque bâtisseur reste sous l'enchère (each) ou si leur somme y reste (sum).",
  "aztec.ah_puch_turn": "À trois : Ah Puch joue en premier (first) ou en dernier (last).",
  "zapotec.building_tiles":
    "Tuiles de bâtiment : seed = chaque type donne la même chose ; rules = répartition de base 5/5/5.",
  "zapotec.one_pyramid_level_per_turn": "Au plus un niveau de pyramide par tour.",
  "zapotec.actions_after_building": "Permettre des actions après le début de la construction.",
  "zapotec.palace_matches_icon": "Le palais doit aller sur un emplacement du symbole de la carte.",
  "zapotec.palace_uses_house": "Le palais prend une des maisons du joueur.",
  "zapotec.small_on_large": "Une petite pièce peut aller directement sur une grande.",
  "zapotec.pyramid_complete": "Pyramide complète : sa pièce du haut est petite (small-top) ou elle a trois pièces (three-levels).",
  "zapotec.free_ritual_needs_pyramid": "Le rituel gratuit de la piste des sacrifices demande quand même une pièce de pyramide.",
  "zapotec.sacrifice_past_end": "Un sacrifice peut dépenser plus de maïs qu'il ne reste de cases (l'excédent est perdu).",
  "zapotec.resource_supply": "Jetons de chaque ressource dans la réserve, 0 = illimité.",
  "zapotec.tie_breakers":
    "Égalités : plus loin sur la piste des sacrifices puis plus de ressources (track-resources), ou place partagée (shared).",
};

/** The one-line explanation of an option in the current language (the server's in English). */
export function optionText(game: string, option: string, english: string): string {
  if (language() === "fr") return OPTION_FR[`${game}.${option}`] ?? english;
  return english;
}
