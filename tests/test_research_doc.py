"""The examples in docs/research.md run, with a tiny budget (the docs must not rot)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import stonework.interop.openspiel as sw_spiel
from interop_cases import TOY, registered

DOC = Path(__file__).parents[1] / "docs" / "research.md"
BUDGETS = {
    "SIMULATIONS, GAMES = 200, 20": "SIMULATIONS, GAMES = 4, 1",
    "EPISODES = 10": "EPISODES = 1",
}


def examples() -> list[str]:
    return re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def on_available_game(code: str) -> str:
    """The example as written on Aztec; on the toy game until Aztec is registered."""
    if registered("aztec"):
        return code
    sw_spiel.register(TOY)
    return code.replace('"stonework_aztec"', f'"stonework_{TOY.name}"').replace(
        'env("aztec_v0"', "env(TOY"
    )


@pytest.mark.parametrize("index", range(len(examples())))
def test_example_runs(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    code = examples()[index]
    budgets = [line for line in BUDGETS if line in code]
    assert budgets, "each example declares its budget on one line the test can shrink"
    for line in budgets:
        code = code.replace(line, BUDGETS[line])
    exec(compile(on_available_game(code), f"research.md example {index}", "exec"), {"TOY": TOY})
    assert capsys.readouterr().out.strip()


def test_doc_has_examples() -> None:
    assert len(examples()) >= 2
