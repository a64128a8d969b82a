"""Renders the Lectern chart with Helm's engine and checks the objects it produces.

Usage: check_chart.py CHART_DIR REPO_ROOT (run through charts/test.sh, which installs the tools).
"""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path

import helm_python as helm
import kubernetes_validate
import yaml
from checks import Checks

# The oldest Kubernetes the chart supports (preStop `sleep` action, PDB unhealthyPodEvictionPolicy)
# and the newest schema set shipped by kubernetes-validate.
KUBE_VERSIONS = ["1.30.0", "1.37.0"]
RELEASE = "demo"
NAMESPACE = "lectern"
FULL = f"{RELEASE}-lectern"
# Kinds that come from CRDs; kubernetes-validate has no schema for them, so they are checked here.
CRD_KINDS = {"ScaledObject", "TriggerAuthentication", "PodMonitor"}
# JOB_LIMIT in workers/src/lib.rs: a worker's grace period must let the longest job finish.
JOB_LIMIT_SECONDS = 15 * 60
# Every Lectern container takes these variables from these keys of the Secret `lectern`.
SECRET_ENV = (
    ("LECTERN_DATABASE_URL", "database-url"),
    ("LECTERN_QUEUE_URL", "redis-url"),
    ("LECTERN_SECRET_KEY", "secret-key"),
    ("LECTERN_OPERATOR_TOKEN", "operator-token"),
    ("AWS_ACCESS_KEY_ID", "s3-access-key-id"),
    ("AWS_SECRET_ACCESS_KEY", "s3-secret-access-key"),
    ("LECTERN_LLM_API_KEY", "openai-api-key"),
    ("LECTERN_STRIPE_SECRET_KEY", "stripe-secret-key"),
    ("LECTERN_STRIPE_WEBHOOK_SECRET", "stripe-webhook-secret"),
)


def render(chart: helm.Chart, values: dict) -> list[dict]:
    manifests = chart.render(values, name=RELEASE, namespace=NAMESPACE, is_install=True)
    objects = []
    for path, text in sorted(manifests.items()):
        if path.endswith("NOTES.txt"):
            continue
        for doc in yaml.safe_load_all(text):
            if doc:
                doc["__source"] = path
                objects.append(doc)
    return objects


def find(objects: list[dict], kind: str, name: str) -> dict | None:
    for obj in objects:
        if obj.get("kind") == kind and obj.get("metadata", {}).get("name") == name:
            return obj
    return None


def kinds(objects: list[dict]) -> set[tuple[str, str]]:
    return {(o["kind"], o["metadata"]["name"]) for o in objects}


def schema_check(c: Checks, label: str, objects: list[dict]) -> None:
    for obj in objects:
        if obj["kind"] in CRD_KINDS:
            continue
        clean = {k: v for k, v in obj.items() if k != "__source"}
        for version in KUBE_VERSIONS:
            try:
                kubernetes_validate.validate(clean, version, strict=True)
                error = ""
            except kubernetes_validate.ValidationError as exc:
                error = f"{exc.message} at {'/'.join(map(str, exc.path))}"
            except (kubernetes_validate.SchemaNotFoundError, kubernetes_validate.InvalidSchemaError) as exc:
                error = repr(exc)
            c.check(
                not error,
                f"[{label}] {obj['kind']}/{obj['metadata']['name']} is valid Kubernetes {version} (strict)",
                error,
            )


def pod_spec(deployment: dict) -> dict:
    return deployment["spec"]["template"]["spec"]


def check_pod(
    c: Checks, label: str, name: str, spec: dict, *, probes: bool, secrets: bool = True
) -> None:
    psc = spec.get("securityContext", {})
    c.check(
        psc.get("runAsNonRoot") is True and psc.get("runAsUser", 0) != 0,
        f"[{label}] {name}: pod runs as a non-root user",
        str(psc),
    )
    c.check(
        psc.get("seccompProfile", {}).get("type") == "RuntimeDefault",
        f"[{label}] {name}: RuntimeDefault seccomp profile",
    )
    tmp = [v for v in spec.get("volumes", []) if v.get("name") == "tmp" and "emptyDir" in v]
    c.check(bool(tmp), f"[{label}] {name}: has an emptyDir volume for /tmp")
    for container in spec.get("initContainers", []) + spec["containers"]:
        initial = container in spec.get("initContainers", [])
        where = f"[{label}] {name}/{container['name']}"
        sc = container.get("securityContext", {})
        c.check(
            sc.get("readOnlyRootFilesystem") is True
            and sc.get("allowPrivilegeEscalation") is False
            and sc.get("runAsNonRoot") is True
            and "ALL" in sc.get("capabilities", {}).get("drop", []),
            f"{where}: read-only root filesystem, no privilege escalation, all capabilities dropped",
            str(sc),
        )
        mounts = {m["mountPath"]: m["name"] for m in container.get("volumeMounts", [])}
        c.check(mounts.get("/tmp") == "tmp", f"{where}: /tmp is the emptyDir")
        resources = container.get("resources", {})
        c.check(
            bool(resources.get("requests", {}).get("cpu"))
            and bool(resources.get("requests", {}).get("memory"))
            and bool(resources.get("limits", {}).get("memory")),
            f"{where}: CPU and memory requests and a memory limit",
            str(resources),
        )
        if probes and not initial:
            ports = {p["name"]: p["containerPort"] for p in container.get("ports", [])}
            for probe in ("livenessProbe", "readinessProbe", "startupProbe"):
                get = container.get(probe, {}).get("httpGet", {})
                c.check(
                    get.get("path") == "/health" and get.get("port") in ports,
                    f"{where}: {probe} is GET /health on a declared port",
                    str(container.get(probe)),
                )
        env = {e["name"]: e for e in container.get("env", [])}
        for variable, key in SECRET_ENV if secrets else ():
            ref = env.get(variable, {}).get("valueFrom", {}).get("secretKeyRef", {})
            c.check(
                ref.get("name") == "lectern" and ref.get("key") == key,
                f"{where}: {variable} comes from Secret lectern key {key}",
                str(ref),
            )
        plain = [e["name"] for e in container.get("env", []) if "value" in e and "SECRET" in e["name"]]
        c.check(not plain, f"{where}: no secret written in plain env", str(plain))


def selects(selector: dict, labels: dict) -> bool:
    return all(labels.get(k) == v for k, v in selector.items())


def check_common(c: Checks, label: str, objects: list[dict], known_env: set[str]) -> None:
    names = kinds(objects)
    for expected in [
        ("ConfigMap", FULL),
        ("ServiceAccount", FULL),
        ("Deployment", f"{FULL}-api"),
        ("Service", f"{FULL}-api"),
        ("Ingress", FULL),
        ("PodDisruptionBudget", f"{FULL}-api"),
        ("Deployment", f"{FULL}-worker"),
        ("PodDisruptionBudget", f"{FULL}-worker"),
        ("Job", f"{FULL}-migrate"),
    ]:
        c.check(expected in names, f"[{label}] renders {expected[0]}/{expected[1]}")

    config = find(objects, "ConfigMap", FULL) or {"data": {}}
    names = set(config["data"])
    for obj in objects:
        template = obj.get("spec", {}).get("template", {}).get("spec", {})
        for container in template.get("containers", []):
            names |= {e["name"] for e in container.get("env", [])}
    unknown = sorted(k for k in names if k.startswith("LECTERN_") and k not in known_env)
    c.check(not unknown, f"[{label}] every LECTERN_* variable set is one Lectern reads", str(unknown))

    api = find(objects, "Deployment", f"{FULL}-api")
    worker = find(objects, "Deployment", f"{FULL}-worker")
    if not (api and worker):
        return
    for deployment, args in ((api, ["serve"]), (worker, ["worker", "--concurrency", "1"])):
        name = deployment["metadata"]["name"]
        container = pod_spec(deployment)["containers"][0]
        c.check(
            container.get("args") == args,
            f"[{label}] {name} runs `lectern {' '.join(args)}`",
            str(container.get("args")),
        )
        sources = [s.get("configMapRef", {}).get("name") for s in container.get("envFrom", [])]
        c.check(FULL in sources, f"[{label}] {name} takes its settings from ConfigMap {FULL}")
        pod_labels = deployment["spec"]["template"]["metadata"]["labels"]
        c.check(
            selects(deployment["spec"]["selector"]["matchLabels"], pod_labels),
            f"[{label}] {name}: selector matches its pod labels",
        )
        check_pod(c, label, name, pod_spec(deployment), probes=True)

    for deployment in (api, worker):
        annotations = deployment["spec"]["template"]["metadata"]["annotations"]
        ports = [p["containerPort"] for p in pod_spec(deployment)["containers"][0]["ports"]]
        c.check(
            annotations.get("prometheus.io/path") == "/metrics"
            and int(annotations.get("prometheus.io/port", 0)) in ports,
            f"[{label}] {deployment['metadata']['name']}: scrape annotations name its own /metrics port",
        )
    api_port = pod_spec(api)["containers"][0]["ports"][0]["containerPort"]
    c.check(
        config["data"].get("LECTERN_LISTEN") == f"0.0.0.0:{api_port}",
        f"[{label}] the API listens on every interface at its declared port (LECTERN_LISTEN)",
        str(config["data"].get("LECTERN_LISTEN")),
    )
    worker_env = {e["name"]: e.get("value") for e in pod_spec(worker)["containers"][0].get("env", [])}
    worker_port = pod_spec(worker)["containers"][0]["ports"][0]["containerPort"]
    c.check(
        worker_env.get("LECTERN_WORKER_LISTEN") == f"0.0.0.0:{worker_port}",
        f"[{label}] worker serves /health and /metrics on its declared port (LECTERN_WORKER_LISTEN)",
        str(worker_env.get("LECTERN_WORKER_LISTEN")),
    )

    api_spec, worker_spec = pod_spec(api), pod_spec(worker)
    api_container = api_spec["containers"][0]
    c.check(
        "preStop" in api_container.get("lifecycle", {}),
        f"[{label}] API has a preStop hook to drain before SIGTERM",
    )
    c.check(
        api_spec.get("terminationGracePeriodSeconds", 30)
        > api_container["lifecycle"]["preStop"].get("sleep", {}).get("seconds", 0),
        f"[{label}] API grace period outlasts its preStop sleep",
    )
    c.check(
        worker_spec.get("terminationGracePeriodSeconds", 30) >= JOB_LIMIT_SECONDS,
        f"[{label}] worker grace period ({worker_spec.get('terminationGracePeriodSeconds')} s) lets a job of the 15-minute limit finish",
    )
    c.check(
        worker["spec"]["strategy"]["rollingUpdate"]["maxUnavailable"] == 0,
        f"[{label}] worker rollout starts new workers before stopping old ones",
    )

    service = find(objects, "Service", f"{FULL}-api")
    if service:
        api_labels = api["spec"]["template"]["metadata"]["labels"]
        c.check(selects(service["spec"]["selector"], api_labels), f"[{label}] Service selects the API pods")
        c.check(
            not selects(service["spec"]["selector"], worker["spec"]["template"]["metadata"]["labels"]),
            f"[{label}] Service does not send traffic to workers",
        )
        c.check(
            all(
                p["targetPort"] in {q["name"] for q in api_container["ports"]}
                for p in service["spec"]["ports"]
            ),
            f"[{label}] Service targets the API's named port",
        )
    ingress = find(objects, "Ingress", FULL)
    if ingress:
        backends = [
            p["backend"]["service"] for rule in ingress["spec"]["rules"] for p in rule["http"]["paths"]
        ]
        c.check(
            bool(backends)
            and all(b["name"] == f"{FULL}-api" and b["port"]["name"] == "http" for b in backends),
            f"[{label}] Ingress routes to the API Service",
        )
    for component, deployment in (("api", api), ("worker", worker)):
        pdb = find(objects, "PodDisruptionBudget", f"{FULL}-{component}")
        if pdb:
            c.check(
                selects(
                    pdb["spec"]["selector"]["matchLabels"],
                    deployment["spec"]["template"]["metadata"]["labels"],
                ),
                f"[{label}] PodDisruptionBudget selects the {component} pods",
            )
    job = find(objects, "Job", f"{FULL}-migrate")
    if job:
        annotations = job["metadata"].get("annotations", {})
        c.check(
            annotations.get("helm.sh/hook") == "pre-install,pre-upgrade",
            f"[{label}] migration Job runs before install and upgrade",
        )
        container = job["spec"]["template"]["spec"]["containers"][0]
        c.check(container.get("args") == ["migrate"], f"[{label}] migration Job runs `lectern migrate`")
        inline = {e["name"]: e.get("value") for e in container.get("env", []) if "value" in e}
        c.check(
            {k: v for k, v in inline.items()} == config["data"],
            f"[{label}] migration Job has exactly the ConfigMap's settings inline",
        )
        check_pod(c, label, job["metadata"]["name"], job["spec"]["template"]["spec"], probes=False)


def flag_value(args: list[str], flag: str) -> str | None:
    """The value after `flag` in a container's arguments."""
    return args[args.index(flag) + 1] if flag in args and args.index(flag) + 1 < len(args) else None


def cpu_cores(quantity: str) -> float:
    return float(quantity[:-1]) / 1000 if str(quantity).endswith("m") else float(quantity)


def check_model_service(c: Checks, label: str, objects: list[dict], catalog: dict) -> None:
    """The model service: llama-server with the catalog's default GGUF, checked against its
    SHA-256 before it starts, probed on /health, behind a Service the workers are pointed at."""
    name = f"{FULL}-model"
    deployment = find(objects, "Deployment", name)
    service = find(objects, "Service", name)
    c.check(deployment is not None, f"[{label}] renders Deployment/{name} (llama-server)")
    c.check(service is not None, f"[{label}] renders Service/{name}")
    c.check(find(objects, "PodDisruptionBudget", name) is not None, f"[{label}] renders PodDisruptionBudget/{name}")
    if not (deployment and service):
        return
    spec = pod_spec(deployment)
    check_pod(c, label, name, spec, probes=True, secrets=False)
    pod_labels = deployment["spec"]["template"]["metadata"]["labels"]
    c.check(
        selects(deployment["spec"]["selector"]["matchLabels"], pod_labels),
        f"[{label}] {name}: selector matches its pod labels",
    )
    c.check(
        deployment["spec"].get("replicas", 1) >= 1 and deployment["spec"]["strategy"]["rollingUpdate"]["maxUnavailable"] == 0,
        f"[{label}] {name}: its own replica count, and a new replica loads before an old one stops",
    )
    container = spec["containers"][0]
    args = [str(a) for a in container.get("args", [])]
    default = next(m for m in catalog["models"] if m["id"] == catalog["default"])
    model_path = flag_value(args, "--model") or ""
    c.check(
        container.get("command", [""])[0].endswith("/bin/llama-server"),
        f"[{label}] {name} runs llama-server",
        str(container.get("command")),
    )
    c.check(
        model_path.endswith("/models/" + default["file"]),
        f"[{label}] {name} serves the catalog's default model {default['file']}",
        model_path,
    )
    ports = {p["name"]: p["containerPort"] for p in container.get("ports", [])}
    c.check(
        flag_value(args, "--host") == "0.0.0.0" and flag_value(args, "--port") == str(ports.get("http")),
        f"[{label}] {name} listens on every interface at its declared port",
        str(args),
    )
    requests = container["resources"]["requests"]
    threads = int(flag_value(args, "--threads") or 0)
    c.check(
        1 <= threads <= max(1, round(cpu_cores(requests["cpu"]))),
        f"[{label}] {name}: --threads ({threads}) is within its CPU request ({requests['cpu']})",
    )
    c.check("--metrics" in args, f"[{label}] {name} serves Prometheus /metrics (--metrics)")
    for probe in ("readinessProbe", "livenessProbe"):
        c.check(
            container.get(probe, {}).get("httpGet", {}).get("path") == "/health",
            f"[{label}] {name}: {probe} on llama-server's /health",
        )
    verify = [i for i in spec.get("initContainers", []) if i["name"] == "verify-model"]
    c.check(len(verify) == 1, f"[{label}] {name}: an init container verifies the model file")
    if verify:
        env = {e["name"]: e.get("value") for e in verify[0].get("env", [])}
        script = " ".join(verify[0].get("command", []) + verify[0].get("args", []))
        c.check(
            env.get("MODEL_SHA256") == default["sha256"] and env.get("MODEL_PATH") == model_path,
            f"[{label}] {name}: the init container checks the served file against the catalog's SHA-256",
            str(env),
        )
        c.check(
            "sha256sum --check" in script and "$MODEL_SHA256" in script and "$MODEL_PATH" in script,
            f"[{label}] {name}: the init container runs sha256sum --check on it",
            script,
        )
        c.check(
            verify[0]["image"] == container["image"],
            f"[{label}] {name}: the model is checked in the image that serves it",
        )
    annotations = deployment["spec"]["template"]["metadata"].get("annotations", {})
    c.check(
        annotations.get("prometheus.io/path") == "/metrics"
        and int(annotations.get("prometheus.io/port", 0)) in ports.values(),
        f"[{label}] {name}: scrape annotations name its own /metrics port",
    )
    others = [find(objects, "Deployment", f"{FULL}-{k}") for k in ("api", "worker")]
    c.check(selects(service["spec"]["selector"], pod_labels), f"[{label}] Service/{name} selects the model pods")
    c.check(
        not any(o and selects(service["spec"]["selector"], o["spec"]["template"]["metadata"]["labels"]) for o in others),
        f"[{label}] Service/{name} sends no traffic to the API or the workers",
    )
    port = service["spec"]["ports"][0]
    c.check(port["targetPort"] == "http" and "http" in ports, f"[{label}] Service/{name} targets llama-server's named port")

    config = find(objects, "ConfigMap", FULL) or {"data": {}}
    data = config["data"]
    c.check(
        data.get("LECTERN_LLM_BASE_URL") == f"http://{name}:{port['port']}/v1",
        f"[{label}] the workers' LECTERN_LLM_BASE_URL is the model Service's OpenAI API",
        str(data.get("LECTERN_LLM_BASE_URL")),
    )
    c.check(
        data.get("LECTERN_LLM_MODEL") == flag_value(args, "--alias"),
        f"[{label}] LECTERN_LLM_MODEL is the name llama-server answers to (--alias)",
        str(data.get("LECTERN_LLM_MODEL")),
    )
    c.check(
        data.get("LECTERN_LLM_SLOTS") == flag_value(args, "--parallel"),
        f"[{label}] LECTERN_LLM_SLOTS is llama-server's --parallel",
        str(data.get("LECTERN_LLM_SLOTS")),
    )
    c.check(
        int(data.get("LECTERN_LLM_TIMEOUT_SECS", 0)) >= 900,
        f"[{label}] the workers wait for the CPU model as long as on a laptop (900 s a request)",
    )
    worker = find(objects, "Deployment", f"{FULL}-worker")
    sources = [s.get("configMapRef", {}).get("name") for s in pod_spec(worker)["containers"][0].get("envFrom", [])]
    c.check(FULL in sources, f"[{label}] the workers read those settings (ConfigMap {FULL})")


def check_no_model_service(c: Checks, label: str, objects: list[dict], base_url: str | None) -> None:
    c.check(
        not any(o["metadata"]["name"] == f"{FULL}-model" for o in objects),
        f"[{label}] no model service",
    )
    data = (find(objects, "ConfigMap", FULL) or {"data": {}})["data"]
    c.check(
        data.get("LECTERN_LLM_BASE_URL") == base_url,
        f"[{label}] LECTERN_LLM_BASE_URL is {base_url or 'unset'}",
        str(data.get("LECTERN_LLM_BASE_URL")),
    )
    c.check("LECTERN_LLM_SLOTS" not in data, f"[{label}] no LECTERN_LLM_SLOTS unless asked")


def check_keda(
    c: Checks, label: str, objects: list[dict], queue_list: str, *, auth: bool, prometheus: bool
) -> None:
    scaled = find(objects, "ScaledObject", f"{FULL}-worker")
    c.check(scaled is not None, f"[{label}] renders ScaledObject/{FULL}-worker")
    c.check(
        find(objects, "HorizontalPodAutoscaler", f"{FULL}-worker") is None,
        f"[{label}] no second autoscaler on the workers",
    )
    if not scaled:
        return
    worker = find(objects, "Deployment", f"{FULL}-worker")
    c.check(scaled["apiVersion"] == "keda.sh/v1alpha1", f"[{label}] ScaledObject is keda.sh/v1alpha1")
    c.check(
        scaled["spec"]["scaleTargetRef"]["name"] == f"{FULL}-worker",
        f"[{label}] ScaledObject scales the worker Deployment",
    )
    c.check(
        "replicas" not in worker["spec"], f"[{label}] worker Deployment leaves replicas to the autoscaler"
    )
    c.check(
        1 <= scaled["spec"]["minReplicaCount"] <= scaled["spec"]["maxReplicaCount"],
        f"[{label}] ScaledObject min <= max",
    )
    triggers = scaled["spec"]["triggers"]
    redis = [t for t in triggers if t["type"] == "redis"]
    c.check(len(redis) == 1, f"[{label}] one redis trigger")
    if redis:
        meta = redis[0]["metadata"]
        c.check(
            meta.get("listName") == queue_list,
            f"[{label}] redis trigger watches {queue_list} (the apalis-redis list of waiting jobs)",
            str(meta.get("listName")),
        )
        c.check(
            all(isinstance(v, str) for v in meta.values()),
            f"[{label}] redis trigger metadata values are strings (KEDA requires it)",
        )
        c.check(
            re.fullmatch(r"[^:/]+:\d+", meta.get("address", "")) is not None,
            f"[{label}] redis trigger address is host:port",
            meta.get("address", ""),
        )
        c.check(int(meta["listLength"]) >= 1, f"[{label}] redis trigger target list length is at least 1")
        ref = redis[0].get("authenticationRef", {}).get("name")
        if auth:
            trigger_auth = find(objects, "TriggerAuthentication", ref or "")
            c.check(
                trigger_auth is not None,
                f"[{label}] redis trigger uses a TriggerAuthentication that is rendered",
            )
            if trigger_auth:
                target = trigger_auth["spec"]["secretTargetRef"][0]
                c.check(
                    target == {"parameter": "password", "name": "lectern-redis", "key": "redis-password"},
                    f"[{label}] TriggerAuthentication reads the Redis password from the named Secret",
                    str(target),
                )
        else:
            c.check(ref is None, f"[{label}] no TriggerAuthentication without a password Secret")
    proms = [t for t in triggers if t["type"] == "prometheus"]
    if prometheus:
        c.check(
            len(proms) == 1
            and "lectern_jobs_running" in proms[0]["metadata"]["query"]
            and "lectern_queue_depth" in proms[0]["metadata"]["query"],
            f"[{label}] prometheus trigger on waiting + running jobs",
        )
    else:
        c.check(not proms, f"[{label}] no prometheus trigger unless asked")


def check_hpa(c: Checks, label: str, objects: list[dict]) -> None:
    c.check(
        find(objects, "ScaledObject", f"{FULL}-worker") is None,
        f"[{label}] no ScaledObject when KEDA is disabled",
    )
    hpa = find(objects, "HorizontalPodAutoscaler", f"{FULL}-worker")
    c.check(hpa is not None, f"[{label}] renders HorizontalPodAutoscaler/{FULL}-worker (CPU fallback)")
    if hpa:
        c.check(
            hpa["spec"]["scaleTargetRef"]["name"] == f"{FULL}-worker",
            f"[{label}] HPA scales the worker Deployment",
        )
        metric = hpa["spec"]["metrics"][0]
        c.check(
            metric["type"] == "Resource" and metric["resource"]["name"] == "cpu",
            f"[{label}] HPA scales on CPU utilisation",
        )
        worker = find(objects, "Deployment", f"{FULL}-worker")
        c.check("replicas" not in worker["spec"], f"[{label}] worker Deployment leaves replicas to the HPA")


def expect_failure(c: Checks, chart: helm.Chart, values: dict, needle: str, what: str) -> None:
    try:
        chart.render(values, name=RELEASE, namespace=NAMESPACE, is_install=True)
        c.check(False, what, "rendered without error")
    except helm.HelmError as exc:
        c.check(needle in str(exc), what, str(exc))


def check_image(c: Checks, repo: Path, values: dict) -> None:
    """The image holds llama-server and the model where the chart's model service looks."""
    dockerfile = (repo / "Dockerfile").read_text()
    model_dir = values["model"]["dir"]
    c.check(
        f"LECTERN_MODELS_DIR={model_dir} python3 scripts/local_model.py install --portable" in dockerfile
        and f"COPY --from=model {model_dir} {model_dir}" in dockerfile,
        f"the image installs llama-server and the verified model into model.dir ({model_dir})",
    )


def known_settings(repo: Path) -> tuple[str, set[str]]:
    queue_rs = (repo / "core/src/queue.rs").read_text()
    match = re.search(r'pub const QUEUE_NAME: &str = "([^"]+)"', queue_rs)
    queue = match.group(1) if match else "<QUEUE_NAME not found>"
    # Every setting Lectern reads is listed once, in core's table (a core test checks that
    # the list and the configuration's keys agree).
    table = (repo / "core/src/config/table.rs").read_text()
    names = set(re.findall(r'"(LECTERN_[A-Z0-9_]+)"', table))
    return f"{queue}:active", names


def main() -> int:
    chart_dir, repo = Path(sys.argv[1]), Path(sys.argv[2])
    started = time.monotonic()
    c = Checks()
    queue_list, known_env = known_settings(repo)
    catalog = json.loads((repo / "pipeline/models/catalog.json").read_text())
    values = yaml.safe_load((chart_dir / "values.yaml").read_text())
    check_image(c, repo, values)
    default = next(m for m in catalog["models"] if m["id"] == catalog["default"])
    c.check(
        values["model"]["file"] == default["file"] and values["model"]["sha256"] == default["sha256"],
        "values.yaml's model is the catalog's default model and its SHA-256",
    )

    report = helm.lint(str(chart_dir), strict=True)
    problems = [m for m in report.get("messages", []) if m.get("severity", 0) >= 2] + report.get("errors", [])
    c.check(not problems, "helm lint --strict finds no warning or error", str(problems))

    with helm.Chart.load(str(chart_dir)) as chart:
        scenarios = [
            ("defaults", {}, "keda"),
            (
                "keda-auth-prometheus",
                {
                    "worker": {
                        "autoscaling": {
                            "keda": {
                                "redis": {"passwordSecret": {"name": "lectern-redis"}},
                                "prometheus": {"enabled": True},
                            }
                        }
                    },
                },
                "keda+",
            ),
            ("keda-disabled", {"worker": {"autoscaling": {"keda": {"enabled": False}}}}, "hpa"),
            ("own-queue-name", {"config": {"queueName": "lectern-staging"}}, "queue"),
            (
                "own-endpoint",
                {"config": {"llmBaseUrl": "http://vllm.gpu.svc:8000/v1", "llmModel": "Qwen/Qwen2.5-7B-Instruct"}},
                "endpoint",
            ),
            ("no-model", {"model": {"enabled": False}, "config": {"localModel": "off"}}, "no-model"),
            (
                "fixed-workers",
                {
                    "worker": {"autoscaling": {"keda": {"enabled": False}, "hpa": {"enabled": False}}},
                    "api": {"autoscaling": {"enabled": True}},
                    "metrics": {"podMonitor": {"enabled": True}},
                },
                "fixed",
            ),
        ]
        for label, values, mode in scenarios:
            objects = render(chart, values)
            c.check(bool(objects), f"[{label}] renders and parses as YAML ({len(objects)} objects)")
            schema_check(c, label, objects)
            check_common(c, label, objects, known_env)
            if mode == "endpoint":
                check_no_model_service(c, label, objects, "http://vllm.gpu.svc:8000/v1")
                data = find(objects, "ConfigMap", FULL)["data"]
                c.check(
                    data.get("LECTERN_LLM_MODEL") == "Qwen/Qwen2.5-7B-Instruct",
                    f"[{label}] LECTERN_LLM_MODEL is the operator's",
                )
                continue
            if mode == "no-model":
                check_no_model_service(c, label, objects, None)
                c.check(
                    find(objects, "ConfigMap", FULL)["data"].get("LECTERN_LOCAL_MODEL") == "off",
                    f"[{label}] LECTERN_LOCAL_MODEL=off reaches the pods (the offline writer)",
                )
                continue
            check_model_service(c, label, objects, catalog)
            if mode == "keda":
                check_keda(c, label, objects, queue_list, auth=False, prometheus=False)
            elif mode == "keda+":
                check_keda(c, label, objects, queue_list, auth=True, prometheus=True)
            elif mode == "hpa":
                check_hpa(c, label, objects)
            elif mode == "queue":
                check_keda(c, label, objects, "lectern-staging:active", auth=False, prometheus=False)
                config = find(objects, "ConfigMap", FULL)
                c.check(
                    config["data"].get("LECTERN_QUEUE_NAME") == "lectern-staging",
                    f"[{label}] LECTERN_QUEUE_NAME reaches the pods",
                )
            else:
                worker = find(objects, "Deployment", f"{FULL}-worker")
                c.check(
                    worker["spec"].get("replicas") == 2, f"[{label}] fixed worker replicas when no autoscaler"
                )
                c.check(
                    not any(
                        o["kind"] in {"ScaledObject", "HorizontalPodAutoscaler"}
                        and "worker" in o["metadata"]["name"]
                        for o in objects
                    ),
                    f"[{label}] no worker autoscaler",
                )
                c.check(
                    find(objects, "HorizontalPodAutoscaler", f"{FULL}-api") is not None,
                    f"[{label}] API HPA when enabled",
                )
                c.check(
                    "replicas" not in find(objects, "Deployment", f"{FULL}-api")["spec"],
                    f"[{label}] API replicas left to its HPA",
                )
                monitor = find(objects, "PodMonitor", FULL)
                c.check(
                    monitor is not None and monitor["spec"]["podMetricsEndpoints"][0]["path"] == "/metrics",
                    f"[{label}] PodMonitor scrapes /metrics",
                )
                credentials = (
                    (monitor or {"spec": {"podMetricsEndpoints": [{}]}})["spec"]["podMetricsEndpoints"][0]
                    .get("authorization", {})
                    .get("credentials", {})
                )
                components = next(
                    (e["values"] for e in (monitor or {"spec": {"selector": {}}})["spec"]["selector"].get("matchExpressions", [])
                     if e["key"] == "app.kubernetes.io/component"),
                    [],
                )
                c.check(
                    set(components) == {"api", "worker", "model"},
                    f"[{label}] PodMonitor scrapes the API, the workers and the model service",
                    str(components),
                )
                c.check(
                    credentials == {"name": "lectern", "key": "operator-token"},
                    f"[{label}] PodMonitor sends the operator token (Secret lectern key operator-token)",
                    str(credentials),
                )

        expect_failure(
            c,
            chart,
            {"config": {"storageUrl": "file:///data/media"}},
            "config.storageUrl",
            "refuses local media storage, naming config.storageUrl",
        )
        expect_failure(
            c,
            chart,
            {"config": {"publicUrl": "http://lectern.example.com"}},
            "config.publicUrl",
            "refuses a plain-http public URL in production, naming config.publicUrl",
        )
        expect_failure(
            c,
            chart,
            {"model": {"sha256": "latest"}},
            "model.sha256",
            "refuses a model service without the model's SHA-256, naming model.sha256",
        )
        expect_failure(
            c,
            chart,
            {"secrets": {"existingSecret": ""}},
            "existingSecret",
            "refuses secret references without a Secret name",
        )

    print(f"chart checks took {time.monotonic() - started:.1f} s")
    return c.summary()


if __name__ == "__main__":
    sys.exit(main())
