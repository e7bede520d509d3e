"""What the fault run reads of the reader's state folder after a power cut:
the files the guest sent before the reader started, judged whole or torn,
and the pages a boot presented before its cut."""
import base64
import json


def fields(line):
    """The key=value words of a guest line, as a dict."""
    return dict(word.split("=", 1) for word in line.split() if "=" in word)


class StateReport:
    """What the guest found in the state folder before the reader started."""

    def __init__(self, lines):
        self.files, self.snapshots, self.temporary, self.problems = {}, {}, 0, []
        for line in lines:
            words = line.split()
            if words[0] == "state-file":
                name, size = words[1], int(words[2])
                self.files[name] = base64.b64decode(words[3]) if len(words) > 3 else b""
                if len(self.files[name]) != size:
                    self.problems.append(f"{name}: {size} bytes on disk, {len(self.files[name])} read")
            elif words[0] == "snapshot-file":
                self.snapshots[words[1]] = int(words[2])
            elif words[0] == "temporary-files":
                self.temporary = int(fields(line).get("count", "0"))

    def torn(self):
        """Reasons the state files are not whole: empty, not JSON, missing fields, or no position at all."""
        reasons = list(self.problems)
        positions = 0
        for name, data in self.files.items():
            if not data:
                reasons.append(f"{name} is empty")
                continue
            try:
                value = json.loads(data)
            except ValueError:
                reasons.append(f"{name} is not JSON ({len(data)} bytes)")
                continue
            if name == "settings.json":
                if not isinstance(value, dict) or value.get("version") != 1:
                    reasons.append(f"settings.json is not text settings: {data[:80]!r}")
            elif isinstance(value, dict) and {"version", "book", "offset"} <= value.keys():
                positions += 1
            else:
                reasons.append(f"{name} is not a reading position: {data[:80]!r}")
        if positions == 0:
            reasons.append("no reading position file")
        return reasons

    def theme(self):
        try:
            return json.loads(self.files.get("settings.json", b"{}")).get("theme") or "light"
        except ValueError:
            return "light"


def settled(pages):
    """The distinct pages presented in a boot, in order (a page presented again after a restart counts once)."""
    order = []
    for _, page in pages:
        if not order or order[-1] != page:
            order.append(page)
    return order
