"""The tally both deployment checks keep (charts/check_chart.py, grafana/check.py): each
check prints `ok` or `FAIL` with what it checked, and the run ends with the counts."""


class Checks:
    def __init__(self) -> None:
        self.passed = 0
        self.failed = 0

    def check(self, ok: bool, what: str, detail: str = "") -> None:
        if ok:
            self.passed += 1
            print(f"ok   {what}")
        else:
            self.failed += 1
            print(f"FAIL {what}" + (f": {detail}" if detail else ""))

    def summary(self) -> int:
        """Prints the counts; the process's exit status (1 if any check failed)."""
        print(f"{self.passed} passed, {self.failed} failed")
        return 1 if self.failed else 0
