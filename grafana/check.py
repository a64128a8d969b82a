"""Checks grafana/ against the metrics contract in grafana/METRICS.md.

Every PromQL expression in the dashboard, the alert rules and the Helm chart's KEDA trigger may
use only the metrics and labels of the contract; every metric of the contract is on the
dashboard; every alert has a runbook section in docs/operations.md; the Rust code records every
lectern_* metric of the contract and no other (the llamacpp:* metrics of the model service are
llama-server's own; the chart must start it with --metrics).

Usage: check.py REPO_ROOT (run through charts/test.sh, which provides PyYAML).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import yaml
from checks import Checks  # charts/checks.py: charts/test.sh puts charts/ on the path

DATASOURCE_UID = "lectern-prometheus"
# Labels Prometheus itself attaches to every scraped series.
TARGET_LABELS = {"instance", "job", "pod", "namespace", "container"}
# A metric name of the contract: Lectern's own, or the model service's (llama-server --metrics).
METRIC = r"(?:lectern_\w+|llamacpp:\w+)"
GRAFANA_VARIABLES = {"__rate_interval", "__range", "__interval"}


def contract(path: Path) -> dict[str, tuple[str, set[str]]]:
    metrics = {}
    for line in path.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and re.fullmatch(f"`{METRIC}`", cells[0]):
            labels = set(re.findall(r"`(\w+)`", cells[2]))
            metrics[cells[0].strip("`")] = (cells[1], labels)
    return metrics


def metric_names(expr: str, metrics: dict) -> tuple[set[str], set[str]]:
    used, unknown = set(), set()
    for name in re.findall(r"\b" + METRIC, expr):
        base = name
        for suffix in ("_bucket", "_sum", "_count"):
            stem = name[: -len(suffix)]
            if name.endswith(suffix) and metrics.get(stem, ("",))[0] == "histogram":
                base = stem
        (used if base in metrics else unknown).add(base)
    return used, unknown


def label_names(expr: str) -> set[str]:
    names = set()
    for selector in re.findall(r"\{([^}]*)\}", expr):
        names |= set(re.findall(r"(\w+)\s*(?:=~|!~|!=|=)", selector))
    for group in re.findall(r"\b(?:by|without|on|ignoring)\s*\(([^)]*)\)", expr):
        names |= {n.strip() for n in group.split(",") if n.strip()}
    return names


def balanced(expr: str) -> bool:
    pairs, stack = {")": "(", "]": "[", "}": "{"}, []
    in_string = False
    for ch in expr:
        if ch == '"':
            in_string = not in_string
        elif in_string:
            continue
        elif ch in "([{":
            stack.append(ch)
        elif ch in ")]}" and (not stack or stack.pop() != pairs[ch]):
            return False
    return not stack and not in_string


def check_expr(c: Checks, where: str, expr: str, metrics: dict, used_everywhere: set[str]) -> None:
    used, unknown = metric_names(expr, metrics)
    used_everywhere |= used
    c.check(bool(used) and not unknown, f"{where}: uses only contract metrics", f"unknown {sorted(unknown)}")
    allowed = {"le"} | TARGET_LABELS
    for name in used:
        allowed |= metrics[name][1]
    extra = label_names(expr) - allowed
    c.check(not extra, f"{where}: uses only those metrics' labels", f"unknown labels {sorted(extra)}")
    c.check(balanced(expr), f"{where}: brackets and quotes balance", expr)
    if any(metrics[m][0] == "histogram" for m in used) and "histogram_quantile" in expr:
        c.check(
            "_bucket" in expr and re.search(r"\bby \([^)]*\ble\b", expr) is not None,
            f"{where}: quantiles come from _bucket series grouped by le",
        )
    for gauge in ("lectern_queue_depth", "lectern_queue_depth_paid", "lectern_jobs_running"):
        if gauge in expr:
            c.check(
                not re.search(r"sum[^()]*\(\s*" + gauge, expr),
                f"{where}: {gauge} is the same on every API pod, so it is never summed",
            )


def anchors(markdown: str) -> set[str]:
    result = set()
    for heading in re.findall(r"^#{1,6}\s+(.+)$", markdown, re.MULTILINE):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        result.add(slug)
    return result


def check_code(c: Checks, repo: Path, metrics: dict) -> None:
    """The contract against what the code records (`metrics::counter!("lectern_...")` etc.)."""
    recorded: dict[str, set[str]] = {}
    for path in sorted(repo.glob("*/src/**/*.rs")):
        text = path.read_text()
        for macro, name in re.findall(r'\b(counter|gauge|histogram)!\(\s*"(lectern_\w+)"', text):
            recorded.setdefault(name, set()).add(macro)
    allowed = {"counter": {"counter", "gauge"}, "gauge": {"gauge"}, "histogram": {"histogram"}}
    for name, (kind, _) in metrics.items():
        if not name.startswith("lectern_"):
            continue
        macros = recorded.get(name, set())
        c.check(bool(macros), f"code records {name}")
        if macros:
            # A counter of fractional seconds is a gauge that only grows (see METRICS.md).
            c.check(macros <= allowed[kind], f"code records {name} as a {kind}", str(sorted(macros)))
    extra = sorted(set(recorded) - set(metrics))
    c.check(not extra, "code records no lectern_* metric outside the contract", str(extra))


def main() -> int:
    repo = Path(sys.argv[1])
    grafana = repo / "grafana"
    c = Checks()
    metrics = contract(grafana / "METRICS.md")
    c.check(len(metrics) >= 16, f"METRICS.md lists the contract ({len(metrics)} metrics)")
    for name, (kind, _) in metrics.items():
        c.check(kind in {"counter", "gauge", "histogram"}, f"{name} has a Prometheus type", kind)
        if kind == "counter":
            c.check(name.endswith("_total"), f"{name}: counters end in _total")

    datasources = yaml.safe_load((grafana / "provisioning/datasources/prometheus.yaml").read_text())
    uids = [d.get("uid") for d in datasources["datasources"] if d.get("type") == "prometheus"]
    c.check(uids == [DATASOURCE_UID], f"one Prometheus data source with uid {DATASOURCE_UID}", str(uids))
    providers = yaml.safe_load((grafana / "provisioning/dashboards/lectern.yaml").read_text())
    c.check(
        all(p.get("type") == "file" and p.get("options", {}).get("path") for p in providers["providers"]),
        "dashboard provider loads files from a path",
    )

    used: set[str] = set()
    dashboard = json.loads((grafana / "dashboards/lectern.json").read_text())
    c.check(bool(dashboard.get("uid")) and bool(dashboard.get("title")), "dashboard has a uid and a title")
    variables = {v["name"]: v for v in dashboard["templating"]["list"]}
    c.check(
        variables.get("datasource", {}).get("current", {}).get("value") == DATASOURCE_UID,
        "dashboard's data source variable defaults to the provisioned data source",
    )
    ids = [p["id"] for p in dashboard["panels"]]
    c.check(len(ids) == len(set(ids)), "panel ids are unique")
    cells: dict[tuple[int, int], str] = {}
    overlaps = []
    for panel in dashboard["panels"]:
        pos = panel["gridPos"]
        if pos["x"] + pos["w"] > 24:
            overlaps.append(f"{panel['title']} is wider than the grid")
        for x in range(pos["x"], pos["x"] + pos["w"]):
            for y in range(pos["y"], pos["y"] + pos["h"]):
                if (x, y) in cells:
                    overlaps.append(f"{panel['title']} overlaps {cells[(x, y)]}")
                cells[(x, y)] = panel["title"]
    c.check(not overlaps, "panels do not overlap", "; ".join(sorted(set(overlaps))[:5]))
    for panel in dashboard["panels"]:
        if panel["type"] == "row":
            continue
        where = f"panel '{panel['title']}'"
        c.check(
            bool(panel.get("targets")) and bool(panel.get("description")),
            f"{where}: has queries and a description",
        )
        for target in panel.get("targets", []):
            expr = target["expr"]
            check_expr(c, where, expr, metrics, used)
            names = set(re.findall(r"\$\{?(\w+)", expr))
            c.check(
                names <= set(variables) | GRAFANA_VARIABLES, f"{where}: variables are defined", str(names)
            )
    missing = set(metrics) - used
    c.check(not missing, "the dashboard shows every metric of the contract", str(sorted(missing)))

    operations = (repo / "docs/operations.md").read_text()
    sections = anchors(operations)
    rules = yaml.safe_load((grafana / "provisioning/alerting/lectern.yaml").read_text())
    all_rules = [r for g in rules["groups"] for r in g["rules"]]
    c.check(len({r["uid"] for r in all_rules}) == len(all_rules), "alert rule uids are unique")
    titles = {r["title"] for r in all_rules}
    for needed in ("queue growing", "failure rate", "stage slow"):
        c.check(any(needed in t.lower() for t in titles), f"an alert for '{needed}'")
    for rule in all_rules:
        where = f"alert '{rule['title']}'"
        refs = {d["refId"]: d for d in rule["data"]}
        c.check(rule["condition"] in refs, f"{where}: its condition is one of its queries")
        for data in rule["data"]:
            if data["datasourceUid"] == "__expr__":
                c.check(
                    data["model"].get("expression") in refs,
                    f"{where}: expression {data['refId']} reads a query",
                )
                continue
            c.check(data["datasourceUid"] == DATASOURCE_UID, f"{where}: queries the provisioned data source")
            check_expr(c, where, data["model"]["expr"], metrics, set())
        annotations = rule.get("annotations", {})
        c.check(
            bool(annotations.get("summary")) and bool(annotations.get("description")),
            f"{where}: summary and description",
        )
        anchor = annotations.get("runbook", "").partition("#")[2]
        c.check(anchor in sections, f"{where}: runbook section #{anchor} exists in docs/operations.md")
        c.check(rule.get("labels", {}).get("severity") in {"warning", "critical"}, f"{where}: has a severity")

    check_code(c, repo, metrics)

    model_args = (repo / "charts/lectern/templates/model-deployment.yaml").read_text()
    c.check(
        re.search(r"^\s*- --metrics\s*$", model_args, re.MULTILINE) is not None,
        "the chart's model service serves the llamacpp:* metrics (llama-server --metrics)",
    )

    values = yaml.safe_load((repo / "charts/lectern/values.yaml").read_text())
    query = values["worker"]["autoscaling"]["keda"]["prometheus"]["query"]
    check_expr(c, "chart KEDA prometheus trigger", query, metrics, set())

    return c.summary()


if __name__ == "__main__":
    sys.exit(main())
