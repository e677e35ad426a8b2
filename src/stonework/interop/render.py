"""Pictures for the RL environments: the game's own SVG drawing rasterised to an RGB array."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from stonework.core import State

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


def render_rgb(state: State, perspective: int | None = None) -> npt.NDArray[np.uint8]:
    """``state.to_svg(perspective)`` as an (height, width, 3) uint8 array on white."""
    import numpy as np
    import resvg_py
    from PIL import Image

    png = resvg_py.svg_to_bytes(svg_string=state.to_svg(perspective), background="#ffffff")
    with Image.open(io.BytesIO(bytes(png))) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8).copy()
