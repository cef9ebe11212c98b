"""The Kubernetes manifests (deploy/k8s) validate against the schemas of a pinned Kubernetes
version, offline (kubernetes-validate ships them), and say what the platform needs: a
Deployment and Service per gRPC service with gRPC health probes, workers autoscaled, beat a
singleton, configuration from the ConfigMap and Secret."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml

K8S_VERSION = "1.30.0"
MANIFESTS = Path(__file__).resolve().parents[2] / "deploy" / "k8s"
GRPC_SERVICES = {"gamestate", "catalogue", "matchmaking", "scoring", "accounts", "ladder"}


def documents() -> list[dict[str, Any]]:
    listed = yaml.safe_load((MANIFESTS / "kustomization.yaml").read_text())["resources"]
    assert sorted(listed) == sorted(
        p.name for p in MANIFESTS.glob("*.yaml") if p.name != "kustomization.yaml"
    )
    return [d for name in listed for d in yaml.safe_load_all((MANIFESTS / name).read_text()) if d]


def validate(doc: dict[str, Any]) -> None:
    kubernetes_validate.validate(doc, K8S_VERSION, strict=True)


def by_kind(kind: str) -> dict[str, dict[str, Any]]:
    return {d["metadata"]["name"]: d for d in documents() if d["kind"] == kind}


def test_every_manifest_is_valid_for_the_pinned_kubernetes() -> None:
    docs = documents()
    assert len(docs) >= 14
    for doc in docs:
        validate(doc)


@pytest.mark.parametrize(
    "break_it",
    [
        lambda d: d["spec"].__setitem__("replicas", "two"),  # wrong type
        lambda d: d["spec"]["template"]["spec"].__setitem__("contianers", []),  # unknown field
        lambda d: d["spec"].pop("selector"),  # required field missing
    ],
)
def test_a_broken_manifest_is_rejected(break_it: Any) -> None:
    broken = copy.deepcopy(by_kind("Deployment")["gamestate"])
    break_it(broken)
    with pytest.raises(kubernetes_validate.ValidationError):
        validate(broken)


def test_each_grpc_service_has_a_deployment_a_service_and_grpc_probes() -> None:
    deployments, services = by_kind("Deployment"), by_kind("Service")
    assert set(deployments) >= GRPC_SERVICES and set(services) == GRPC_SERVICES
    for name in GRPC_SERVICES:
        (container,) = deployments[name]["spec"]["template"]["spec"]["containers"]
        port = container["ports"][0]["containerPort"]
        assert container["readinessProbe"]["grpc"]["port"] == port
        assert container["livenessProbe"]["grpc"]["port"] == port
        assert container["command"][:3] == ["python", "-m", f"olympus.{name}"]
        assert (
            services[name]["spec"]["selector"]
            == deployments[name]["spec"]["selector"]["matchLabels"]
        )
        assert services[name]["spec"]["ports"][0]["port"] == port


def test_workers_scale_and_beat_is_a_singleton() -> None:
    deployments = by_kind("Deployment")
    (hpa,) = by_kind("HorizontalPodAutoscaler").values()
    assert hpa["spec"]["scaleTargetRef"]["name"] == "worker" and "worker" in deployments
    beat = deployments["beat"]["spec"]
    assert beat["replicas"] == 1 and beat["strategy"]["type"] == "Recreate"


def test_configuration_comes_from_the_configmap_and_secret() -> None:
    (config,) = by_kind("ConfigMap").values()
    (secret,) = by_kind("Secret").values()
    assert config["data"]["OLYMPUS_REDIS_URL"].startswith("redis+cluster://")
    assert "OLYMPUS_BROKER_URL" in secret["stringData"]
    for deployment in by_kind("Deployment").values():
        for container in deployment["spec"]["template"]["spec"]["containers"]:
            refs = {next(iter(r.values()))["name"] for r in container["envFrom"]}
            assert refs == {config["metadata"]["name"], secret["metadata"]["name"]}


def test_every_pod_gets_the_service_credential_and_the_peers_addresses() -> None:
    """The service credential is provisioned once, as a Secret every pod reads; each service
    finds the others by the ConfigMap's addresses (their Services' names and ports)."""
    (secret,) = by_kind("Secret").values()
    assert "OLYMPUS_SERVICE_KEY" in secret["stringData"]
    config = next(iter(by_kind("ConfigMap").values()))["data"]
    services = by_kind("Service")
    for name, service in services.items():
        port = service["spec"]["ports"][0]["port"]
        assert config[f"OLYMPUS_{name.upper()}_ADDRESS"] == f"{name}:{port}"
    for name, deployment in by_kind("Deployment").items():
        (container,) = deployment["spec"]["template"]["spec"]["containers"]
        sources = {next(iter(ref.values()))["name"] for ref in container["envFrom"]}
        assert {"olympus-config", "olympus-secrets"} <= sources, name
