"""Research adapters over the stonework engines: OpenSpiel games, PettingZoo and Gymnasium envs.

Every adapter drives the game's own ``State`` through the protocol (action ids, chance outcomes,
observations, returns); none holds a second copy of any rule. The heavy libraries come with the
``rl`` extra (``pip install 'stonework[rl]'``) and are imported only by the module that needs them:

- :mod:`stonework.interop.openspiel`: ``pyspiel.load_game("stonework_aztec", {"players": 2})``;
- :mod:`stonework.interop.pettingzoo`: AEC environments ``aztec_v0``, ``akropolis_v0``, ...;
- :mod:`stonework.interop.gymnasium`: one seat against stonework agents, as a Gymnasium env.

The layouts of observations and action ids are in ``docs/research.md``.
"""
