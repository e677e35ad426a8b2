"""Entry point of the ``stonework`` command: the typer application wiring every subcommand.

The work is done in the modules beside this one (play, replay_view, bench_cmd, rules_view, menu);
this one reads arguments, turns bad input into a one-line error with exit status 2, and prints.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

import stonework
from stonework.cli import (
    analyse_cmd,
    arena_cmd,
    balance_cmd,
    data_sets,
    distill_cmd,
    game_setup,
    leafnet_cmd,
    revisions,
    serve_cmd,
    train_cmd,
)
from stonework.cli.bench_cmd import (
    agent_bench_table,
    bench_table,
    compare_rows,
    compare_table,
    perft_rows,
    perft_table,
    run_agent_bench,
    run_bench,
)
from stonework.cli.menu import Menu
from stonework.cli.play import TerminalGame
from stonework.cli.replay_view import RecordViewer, load_replay
from stonework.cli.rules_view import games_table, rules_summary
from stonework.cli.seats import (
    HUMAN,
    RANDOM,
    agent_catalog,
    agent_names,
    default_seat_kinds,
    make_seats,
    parse_seat_kinds,
)
from stonework.core import StoneworkError, get_game, make_rng
from stonework.core.compiled import build_state
from stonework.core.registry import new_game

app = typer.Typer(
    help="Play, analyse and research Akropolis, Zapotec and Aztec.", no_args_is_help=True
)
console = Console()
errors = Console(stderr=True)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"stonework {stonework.__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_show_version,
            is_eager=True,
            help="Print the version and exit.",
        ),
    ] = False,
) -> None:
    """Play, analyse and research Akropolis, Zapotec and Aztec."""


OptionsArg = Annotated[
    list[str] | None,
    typer.Option(
        "--option", "-o", help="A game option as KEY=VALUE (repeat for several; see `rules GAME`)."
    ),
]
ComponentsArg = Annotated[
    Path | None,
    typer.Option(
        "--components",
        help="A Zapotec component data set (JSON file): a new game uses it; a saved game or "
        "record that names it (by its sha256) can then be loaded.",
    ),
]
PlayersArg = Annotated[
    int | None, typer.Option("--players", "-p", help="Number of players (default: the game's).")
]


@contextmanager
def bad_input_exits() -> Iterator[None]:
    """Turn the protocol's errors (unknown game, bad option, bad record...) into exit status 2."""
    try:
        yield
    except StoneworkError as exc:
        errors.print(f"[red]error:[/red] {escape(str(exc))}", highlight=False, soft_wrap=True)
        raise typer.Exit(2) from None


@app.command()
def games(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """List the registered games with their players and options."""
    specs = stonework.list_games()
    if as_json:
        typer.echo(json.dumps([spec.to_json() for spec in specs], indent=1))
        return
    console.print(games_table(specs))


@app.command()
def rules(game: Annotated[str, typer.Argument(help="The game's name.")]) -> None:
    """A short rules summary and every option with its default and allowed values."""
    with bad_input_exits():
        spec = get_game(game)
    console.print(rules_summary(spec))


@app.command()
def play(
    game: Annotated[
        str | None, typer.Argument(help="The game's name (optional with --load).")
    ] = None,
    players: PlayersArg = None,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            "-s",
            help="Seat types, one per player, e.g. human,random (default: you against random).",
        ),
    ] = None,
    option: OptionsArg = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed for chance and AI players (default: random).")
    ] = None,
    load: Annotated[
        Path | None, typer.Option("--load", help="Continue a game saved with `save FILE`.")
    ] = None,
    components: ComponentsArg = None,
) -> None:
    """Play a game at the terminal against AI players or other people."""
    with bad_input_exits():
        kinds = parse_seat_kinds(seats)
        data_set = data_sets.register_file(components)
        if data_set is not None and load is None:
            option = [*(option or []), f"components={data_set}"]
        if load is not None:
            record, state = game_setup.load_record(load)
            if game is not None and game != record.game:
                raise StoneworkError(f"{load} holds a game of {record.game}, not {game}")
            if players is not None and players != record.players:
                raise StoneworkError(f"{load} is a {record.players}-player game, not {players}")
            if option:
                raise StoneworkError("a loaded game keeps its own options; drop --option")
            saved = record.meta.get("seats")
            if kinds is None and isinstance(saved, list) and len(saved) == record.players:
                kinds = [str(kind) for kind in saved]
            saved_seed = record.meta.get("seed")
            # The save's own seed, so that chance deals on exactly as it would have.
            if seed is None and isinstance(saved_seed, int) and not isinstance(saved_seed, bool):
                seed = saved_seed
        else:
            if game is None:
                raise StoneworkError(
                    "name the game to play (see `stonework games`), or --load FILE"
                )
            spec = get_game(game)
            if players is None and kinds is not None:
                players = len(kinds)
            count = game_setup.player_count(spec, players)
            state = game_setup.start_state(spec, count, game_setup.read_options(spec, option or []))
        seat_list = make_seats(kinds or default_seat_kinds(state.num_players), state.num_players)
        chosen_seed = seed if seed is not None else make_rng(None).randrange(1 << 31)
        session = TerminalGame(state, seat_list, chosen_seed, console)
        session.run()


@app.command()
def menu() -> None:
    """The interactive terminal menu (what `make run` starts)."""
    Menu(console, console.input).run()


@app.command()
def perft(
    game: Annotated[str, typer.Argument(help="The game's name.")],
    depth: Annotated[int, typer.Option("--depth", "-d", min=1, help="Deepest level to count.")],
    players: PlayersArg = None,
    option: OptionsArg = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="Draw the setup's chance outcomes with this seed first."),
    ] = None,
    position: Annotated[
        str | None, typer.Option("--position", help="Start from this position string.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Count the action sequences of each length from the start (chance outcomes count)."""
    with bad_input_exits():
        spec = get_game(game)
        if position is not None:
            if players is not None or option:
                raise StoneworkError("a position string sets players and options; drop them")
            state = spec.from_position(position)
        else:
            options = game_setup.read_options(spec, option or [])
            state = new_game(game, players=players, seed=seed, **options)
    rows = perft_rows(state, depth)
    if as_json:
        typer.echo(json.dumps([{"depth": d, "count": c} for d, c, _ in rows]))
        return
    title = "perft " + game_setup.describe_config(spec, state.num_players, state.options)
    console.print(perft_table(escape(title), rows))


@app.command()
def bench(
    game: Annotated[str, typer.Argument(help="The game's name.")],
    players: PlayersArg = None,
    seconds: Annotated[
        float,
        typer.Option(
            "--seconds",
            min=0.0,
            help="How long to play (with --compare: CPU-seconds per row, tree and round).",
        ),
    ] = 5.0,
    option: OptionsArg = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the games.")] = 0,
    agent: Annotated[
        str | None,
        typer.Option(
            "--agent",
            help="Every seat played by this agent spec (greedy, mcts:0.2s, ...): "
            "games, decisions and simulations per second.",
        ),
    ] = None,
    compare: Annotated[
        list[str] | None,
        typer.Option(
            "--compare",
            help="Also measure this git revision, alternating, and print the ratios "
            "(repeatable; needs a git checkout; 'pure': this tree without its compiled engines).",
        ),
    ] = None,
    rounds: Annotated[
        int, typer.Option("--rounds", min=1, help="With --compare: runs per tree and row.")
    ] = 2,
    cpu: Annotated[
        int | None,
        typer.Option("--cpu", min=0, help="With --compare: pin the runs to this CPU (taskset)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Games, decisions (and simulations) per second, or the ratio to older revisions."""
    with bad_input_exits():
        spec = get_game(game)
        count = game_setup.player_count(spec, players)
        options = game_setup.read_options(spec, option or [])
        if compare:
            if options:
                raise StoneworkError("--compare measures default options: drop --option")
            rows = compare_rows(game, count, agent)
            results = revisions.compare(compare, rows, seconds, rounds, cpu)
            if as_json:
                typer.echo(json.dumps([result.to_json() for result in results]))
                return
            title = f"bench {game}: this tree against {', '.join(compare)} (CPU-seconds)"
            console.print(compare_table(escape(title), compare, results))
            return
        if agent is not None:
            measured = run_agent_bench(
                console, game, agent, count, seconds, seed, options, show_progress=not as_json
            )
            if as_json:
                typer.echo(json.dumps({**measured.to_json(), "engines": build_state()}))
                return
            title = "bench " + game_setup.describe_config(spec, measured.players, measured.options)
            title += f", {agent}; {build_state()} engines"
            console.print(agent_bench_table(escape(title), measured))
            return
    result = run_bench(console, game, count, seconds, seed, options, show_progress=not as_json)
    if as_json:
        # Which build ran (docs/speed.md): a figure means little without it.
        typer.echo(json.dumps({**result.to_json(), "engines": build_state()}))
        return
    title = "bench " + game_setup.describe_config(spec, result.players, result.options)
    console.print(bench_table(escape(f"{title}; {build_state()} engines"), result))


@app.command()
def replay(
    file: Annotated[
        Path, typer.Argument(help="A game record, a saved game, or an arena's results.json.")
    ],
    perspective: Annotated[
        int | None,
        typer.Option("--perspective", help="Draw the positions as this seat sees them."),
    ] = None,
    components: ComponentsArg = None,
    game_number: Annotated[
        int | None,
        typer.Option("--game", help="In an arena's results.json: the game to replay (its index)."),
    ] = None,
) -> None:
    """Step through a game record: next, back, jump N, first, last, quit."""
    with bad_input_exits():
        data_sets.register_file(components)
        record = load_replay(file, game_number)
        if perspective is not None and not 0 <= perspective < record.players:
            raise StoneworkError(
                f"--perspective must be a seat from 0 to {record.players - 1}, not {perspective}"
            )
        viewer = RecordViewer(record, perspective)
    viewer.run(console, console.input)


@app.command()
def seats() -> None:
    """List the seat types `play --seats` accepts."""
    table = Table(title="seat types for play --seats")
    table.add_column("seat")
    table.add_column("who plays it")
    table.add_row(HUMAN, "a person at this keyboard")
    table.add_row(RANDOM, "uniformly random legal actions")
    for name, summary in agent_catalog():
        if name not in (HUMAN, RANDOM):
            table.add_row(escape(name), escape(summary))
    console.print(table)
    if not agent_names():
        console.print("The AI players of stonework.agents are not installed.")
    else:
        console.print("AI settings may follow the name, e.g. mcts:0.5s or flatmc:300.")


app.command("arena")(arena_cmd.arena)
app.command("analyse")(analyse_cmd.analyse)
app.command("serve")(serve_cmd.serve)
app.command("train")(train_cmd.train)
app.command("distill")(distill_cmd.distill)
app.command("leafnet")(leafnet_cmd.leafnet)
app.command("balance")(balance_cmd.balance)
