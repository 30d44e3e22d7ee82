#!/usr/bin/env bash
# Validates deploy/*.yaml offline: each manifest against the Kubernetes API schemas
# (PyPI's kubernetes-validate, strict: unknown fields are errors), then that the pieces fit
# together (the Service and HPA point at the Deployment; the probes hit /healthz and /readyz;
# the pod runs non-root on a read-only root filesystem with resources set).
#
# Usage: scripts/validate-deploy.sh [KUBERNETES_VERSION]   (default: the tool's newest)
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v kubernetes-validate >/dev/null; then
  python3 -m pip install --quiet --disable-pip-version-check kubernetes-validate
fi

version_args=()
if [[ $# -gt 0 ]]; then version_args=(-k "$1"); fi
kubernetes-validate --strict "${version_args[@]}" deploy/*.yaml deploy/batch/*.yaml

# The batch Jobs: Indexed, each pod's shard taken from its index, as many shards as completions,
# the output on the mounted volume, and the same locked-down pod as the service.
python3 - deploy/batch/*.yaml <<'PY'
import re
import sys
import yaml

for path in sys.argv[1:]:
    for doc in yaml.safe_load_all(open(path)):
        if doc["kind"] != "Job":
            continue
        spec = doc["spec"]
        assert spec["completionMode"] == "Indexed", f"{path}: not an Indexed Job"
        (container,) = spec["template"]["spec"]["containers"]
        args = container["args"]
        (shard,) = [a for a in args if a.startswith("--shard=")]
        match = re.fullmatch(r"--shard=\$\(JOB_COMPLETION_INDEX\)/(\d+)", shard)
        assert match, f"{path}: the shard is not the pod's index: {shard}"
        assert int(match.group(1)) == spec["completions"], f"{path}: {shard} but {spec['completions']} completions"
        (output,) = [a for a in args if a.startswith("--output=")]
        mounts = [m["mountPath"] for m in container["volumeMounts"]]
        assert any(output.removeprefix("--output=").startswith(m + "/") for m in mounts), f"{path}: {output} is on no volume"
        assert "$(JOB_COMPLETION_INDEX)" in output, f"{path}: every pod writes the same file"
        sc = container["securityContext"]
        assert sc["readOnlyRootFilesystem"] and sc["runAsNonRoot"] and not sc["allowPrivilegeEscalation"]
        assert {"requests", "limits"} <= container["resources"].keys()
        print(f"{path}: an Indexed Job of {spec['completions']} shards")
PY

python3 - deploy/*.yaml <<'PY'
import sys
import yaml

docs = {}
for path in sys.argv[1:]:
    for doc in yaml.safe_load_all(open(path)):
        docs[doc["kind"]] = doc

deploy, service, hpa = docs["Deployment"], docs["Service"], docs["HorizontalPodAutoscaler"]
labels = deploy["spec"]["template"]["metadata"]["labels"]
assert deploy["spec"]["selector"]["matchLabels"].items() <= labels.items(), "selector misses the pod labels"
assert service["spec"]["selector"].items() <= labels.items(), "the Service selects no pod of the Deployment"
ref = hpa["spec"]["scaleTargetRef"]
assert (ref["kind"], ref["name"]) == ("Deployment", deploy["metadata"]["name"]), "the HPA scales something else"
assert any(m["resource"]["name"] == "cpu" for m in hpa["spec"]["metrics"]), "the HPA does not scale on CPU"

(container,) = deploy["spec"]["template"]["spec"]["containers"]
ports = {p["name"] for p in container["ports"]}
assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
for probe in ("livenessProbe", "readinessProbe", "startupProbe"):
    assert container[probe]["httpGet"]["port"] in ports, f"{probe} names an unknown port"
assert {"requests", "limits"} <= container["resources"].keys(), "resources need requests and limits"
sc = container["securityContext"]
assert sc["readOnlyRootFilesystem"] and sc["runAsNonRoot"] and not sc["allowPrivilegeEscalation"]
assert sc["runAsUser"] != 0 and sc["capabilities"]["drop"] == ["ALL"]
print(f"consistent: {len(docs)} objects ({', '.join(sorted(docs))})")
PY
