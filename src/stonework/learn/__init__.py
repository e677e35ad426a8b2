"""Learned evaluation: a small value-and-policy network, its numpy inference, and self-play training.

Playing needs only numpy (:mod:`stonework.learn.network`, the ``az`` agent); training needs
PyTorch from the ``train`` extra (:mod:`stonework.learn.train`). Neither is needed to play with
the other agents: importing this package imports neither.
"""
