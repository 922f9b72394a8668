"""Many games without a screen: plans of games (:mod:`~delvekit.sim.plan`), one game played to a
result row (:mod:`~delvekit.sim.game`), the driver over any :class:`concurrent.futures.Executor`
(:mod:`~delvekit.sim.driver`), result files (:mod:`~delvekit.sim.store`), Ray
(:mod:`~delvekit.sim.ray_backend`) and the report (:mod:`~delvekit.sim.report`).

``delve simulate`` (:mod:`delvekit.cli.simulate`) is the face.
"""
