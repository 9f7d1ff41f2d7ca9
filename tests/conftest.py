import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

settings.register_profile("ci", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=30, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
# Long playouts (tests/test_agreement.py): few examples, each a few hundred positions.
# LATE_EXAMPLES=200 for a long hunt on a quiet machine.
settings.register_profile("late", max_examples=int(os.environ.get("LATE_EXAMPLES", 4)),
                          deadline=None, derandomize=not os.environ.get("LATE_EXAMPLES"),
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
