"""Ray as a :class:`concurrent.futures.Executor` (the ``ray`` extra): the same driver plays the
same specs on a local Ray started for the run, or on an existing cluster (``address``).

Each submitted call becomes a Ray task; its ``ObjectRef.future()`` is the
:class:`concurrent.futures.Future` the driver waits on. A game's row does not depend on where it
is played, so a Ray run gives the rows of a process-pool run for the same specs.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, ParamSpec, TypeVar

from delvekit.core.errors import InputError

P = ParamSpec("P")
T = TypeVar("T")


def ray_available() -> bool:
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


class RayExecutor(Executor):
    """Submits calls as Ray tasks. ``address=None`` starts a local Ray with ``workers`` CPUs
    (and stops it on shutdown); an address joins a running cluster (``auto`` or ``ray://...``)."""

    def __init__(self, workers: int | None = None, address: str | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise InputError(
                "the Ray backend needs Ray: pip install 'delvekit[ray]'", where="--backend"
            ) from None
        self._ray = ray
        self._started = not ray.is_initialized()
        if self._started:
            kwargs: dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,
                "configure_logging": False,
            }
            if address:
                kwargs["address"] = address
            elif workers:
                kwargs["num_cpus"] = workers
            try:
                ray.init(**kwargs)
            except Exception as exc:  # an unreachable cluster, a bad address
                first = (str(exc).splitlines() or [""])[0]
                raise InputError(f"cannot start or join Ray: {first}", where="--address") from None
        self._remotes: dict[Callable[..., Any], Any] = {}

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        remote = self._remotes.get(fn)
        if remote is None:
            remote = self._remotes[fn] = self._ray.remote(fn)
        ref = remote.remote(*args, **kwargs)
        future: Future[T] = ref.future()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if self._started and self._ray.is_initialized():
            self._ray.shutdown()
            self._started = False
