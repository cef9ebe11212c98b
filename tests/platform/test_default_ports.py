"""The default ports stay out of the ranges the kernel hands to outgoing connections (issue 33:
a client's TIME_WAIT once held the scoring service's old default, 50054, and the service could
not start), and the deploy files listen where the services do by default."""

from __future__ import annotations

from pathlib import Path

import yaml

from olympus.platform.config import DEFAULT_METRICS_PORTS, DEFAULT_PORTS, default_address

ROOT = Path(__file__).resolve().parents[2]
# Linux's default ip_local_port_range starts at 32768; IANA's dynamic range at 49152.
LINUX_EPHEMERAL_LOW = 32768
IANA_EPHEMERAL_LOW = 49152


def _all_defaults() -> list[tuple[str, int]]:
    return [(f"{name} gRPC", p) for name, p in DEFAULT_PORTS.items()] + [
        (f"{name} metrics", p) for name, p in DEFAULT_METRICS_PORTS.items()
    ]


def test_every_default_port_is_below_the_ephemeral_ranges() -> None:
    # Linux's bound is the lower one, so a port below it is below both.
    low = min(LINUX_EPHEMERAL_LOW, IANA_EPHEMERAL_LOW)
    inside = [(what, p) for what, p in _all_defaults() if p >= low]
    assert not inside, f"default ports inside the ephemeral ranges: {inside}"
    assert all(p > 0 for _, p in _all_defaults())


def test_no_two_defaults_share_a_port() -> None:
    seen: dict[int, str] = {}
    shared = []
    for what, port in _all_defaults():
        if port in seen:
            shared.append((seen[port], what, port))
        seen[port] = what
    assert not shared, f"defaults sharing a port: {shared}"


def _service_of(compose_name: str) -> str | None:
    """The service a compose entry runs: "gamestate" for gamestate-a, -b and -more."""
    for name in DEFAULT_PORTS:
        if compose_name == name or compose_name.startswith(f"{name}-"):
            return name
    return None


def test_the_compose_stack_listens_and_probes_on_the_default_ports() -> None:
    loaded = yaml.safe_load((ROOT / "docker-compose.yml").read_text())  # merge keys resolved
    checked = set()
    for compose_name, spec in loaded["services"].items():
        name = _service_of(compose_name)
        if name is None or not spec.get("ports"):
            continue
        checked.add(name)
        for mapping in spec["ports"]:  # "127.0.0.1:${..._PUBLISH:-7151}:7151": the container side
            assert int(mapping.rsplit(":", 1)[1]) == DEFAULT_PORTS[name], (compose_name, mapping)
        assert spec["healthcheck"]["test"][-1] == default_address(name), compose_name
    assert checked == set(DEFAULT_PORTS) - {"web"}, checked


def test_the_env_example_names_the_default_ports() -> None:
    env = dict(
        line.split("=", 1)
        for line in (ROOT / "deploy" / "olympus.env.example").read_text().splitlines()
        if line and not line.startswith("#")
    )
    named = 0
    for name, port in DEFAULT_PORTS.items():
        if f"OLYMPUS_{name.upper()}_PORT" in env:
            assert int(env[f"OLYMPUS_{name.upper()}_PORT"]) == port, name
            named += 1
        if f"OLYMPUS_{name.upper()}_ADDRESS" in env:
            assert int(env[f"OLYMPUS_{name.upper()}_ADDRESS"].rsplit(":", 1)[1]) == port, name
            named += 1
    assert named >= len(DEFAULT_PORTS) - 1  # every gRPC service's address at least
