"""PUMA 560 kinematics and dynamics: coursekit against Pinocchio, roboticstoolbox and modern-robotics.

Every library gets the same robot (coursekit's ``models.puma560()``, Corke's standard-DH
parameters with motor inertia and friction left out), and results are compared
before anything is timed, so a fast wrong answer cannot win.

Run ``python -m benchmarks.library`` (or ``make bench``) for the table; the JSON goes
to ``benchmarks/results/library.json``.
"""

from __future__ import annotations

import json
import platform
import time
import timeit
from collections.abc import Callable
from pathlib import Path

import numpy as np

import coursekit as ck
from coursekit import models

RESULTS = Path(__file__).resolve().parent / "results"


def _median_call_time(function: Callable[[], object], number: int) -> float:
    """Median over 7 repeats of the time of one call, in seconds."""
    times = timeit.repeat(function, number=number, repeat=7)
    return float(np.median(times)) / number


def _peers(robot: ck.SerialRobot) -> dict[str, object]:
    # Peer libraries are optional extras: import them here, not at module import.
    from tests.peer_models import pinocchio_model, rtb_robot

    peers: dict[str, object] = {}
    import pinocchio as pin

    model = pinocchio_model(robot)
    peers["pinocchio"] = (pin, model, model.createData())
    peers["rtb"] = rtb_robot(robot)
    import modern_robotics as mr

    peers["mr"] = mr
    return peers


def _mr_model(robot: ck.SerialRobot) -> tuple[list[np.ndarray], list[np.ndarray], np.ndarray]:
    """Modern Robotics' inputs (Mlist, Glist, Slist) for the same robot, built from coursekit data."""
    M_home, S = ck.product_of_exponentials(robot, frame="space", order="wv")
    frames = ck.link_frames(robot, np.zeros(robot.n_joints))
    com_frames = []
    G_list = []
    for i, link in enumerate(robot.links):
        T_com = frames[i + 1].copy()
        T_com[:3, 3] = ck.transform_points(frames[i + 1], link.com)
        com_frames.append(T_com)
        G = np.zeros((6, 6))
        G[:3, :3] = link.inertia
        G[3:, 3:] = link.mass * np.eye(3)
        G_list.append(G)
    end = ck.forward_kinematics(robot, np.zeros(robot.n_joints))
    M_list = [ck.invert_transform(a) @ b for a, b in zip([np.eye(4), *com_frames], [*com_frames, end])]
    return M_list, G_list, S


def run(batch: int = 10_000, number: int = 200) -> list[dict[str, object]]:
    """Time every operation for every library; return one row per (operation, library)."""
    robot = models.puma560()
    n = robot.n_joints
    rng = np.random.default_rng(0)
    q, qd, qdd = rng.uniform(-1, 1, (3, n))
    Q, QD, QDD = rng.uniform(-1, 1, (3, batch, n))
    g = robot.gravity
    peers = _peers(robot)
    pin, model, data = peers["pinocchio"]
    rtb = peers["rtb"]
    mr = peers["mr"]
    M_list, G_list, S_list = _mr_model(robot)

    # Prove equality first.
    tau = ck.inverse_dynamics(robot, q, qd, qdd)
    np.testing.assert_allclose(pin.rnea(model, data, q, qd, qdd), tau, atol=1e-9)
    np.testing.assert_allclose(rtb.rne(q, qd, qdd), tau, atol=1e-9)
    np.testing.assert_allclose(mr.InverseDynamics(q, qd, qdd, g, np.zeros(6), M_list, G_list, S_list), tau, atol=1e-9)

    cases: dict[str, dict[str, Callable[[], object]]] = {
        "forward kinematics": {
            "coursekit": lambda: ck.forward_kinematics(robot, q),
            "pinocchio": lambda: pin.forwardKinematics(model, data, q),
            "rtb (fkine)": lambda: rtb.fkine(q),
        },
        "geometric Jacobian": {
            "coursekit": lambda: ck.geometric_jacobian(robot, q),
            "pinocchio": lambda: pin.computeJointJacobians(model, data, q),
            "rtb (jacob0)": lambda: rtb.jacob0(q),
        },
        "inverse dynamics": {
            "coursekit": lambda: ck.inverse_dynamics(robot, q, qd, qdd),
            "pinocchio": lambda: pin.rnea(model, data, q, qd, qdd),
            "rtb (rne, C)": lambda: rtb.rne(q, qd, qdd),
            "rtb (rne_python)": lambda: rtb.rne_python(q, qd, qdd),
            "modern-robotics": lambda: mr.InverseDynamics(q, qd, qdd, g, np.zeros(6), M_list, G_list, S_list),
        },
        "mass matrix": {
            "coursekit": lambda: ck.mass_matrix(robot, q),
            "pinocchio": lambda: pin.crba(model, data, q),
            "rtb (inertia)": lambda: rtb.inertia(q),
            "modern-robotics": lambda: mr.MassMatrix(q, M_list, G_list, S_list),
        },
        "forward dynamics": {
            "coursekit": lambda: ck.forward_dynamics(robot, q, qd, tau),
            "pinocchio": lambda: pin.aba(model, data, q, qd, tau),
            "rtb (accel)": lambda: rtb.accel(q, qd, tau),
            "modern-robotics": lambda: mr.ForwardDynamics(q, qd, tau, g, np.zeros(6), M_list, G_list, S_list),
        },
    }
    rows = []
    slow = {"rtb (rne_python)", "modern-robotics", "rtb (accel)"}
    for operation, libraries in cases.items():
        for library, function in libraries.items():
            calls = max(number // 20, 5) if library in slow else number
            rows.append({"operation": operation, "library": library, "batch": 1,
                         "seconds": _median_call_time(function, calls)})

    def loop(function: Callable[..., object]) -> Callable[[], None]:
        def run_all() -> None:
            for i in range(batch):
                function(Q[i], QD[i], QDD[i])
        return run_all

    batched = {
        "coursekit (vectorised)": lambda: ck.inverse_dynamics(robot, Q, QD, QDD),
        "pinocchio (Python loop)": loop(lambda a, b, c: pin.rnea(model, data, a, b, c)),
    }
    for library, function in batched.items():
        start = time.perf_counter()
        function()
        rows.append({"operation": "inverse dynamics", "library": library, "batch": batch,
                     "seconds": time.perf_counter() - start})
    return rows


def markdown_table(rows: list[dict[str, object]]) -> str:
    """Rows as a Markdown table with the ratio to Pinocchio for each operation."""
    reference = {(r["operation"], r["batch"]): r["seconds"] for r in rows
                 if str(r["library"]).startswith("pinocchio")}
    lines = ["| operation | batch | library | time | ratio to Pinocchio |", "|---|---|---|---|---|"]
    for r in rows:
        seconds = float(r["seconds"])
        shown = f"{seconds * 1e6:.1f} µs" if seconds < 1e-2 else f"{seconds * 1e3:.1f} ms"
        ratio = seconds / reference[(r["operation"], r["batch"])]
        lines.append(f"| {r['operation']} | {r['batch']} | {r['library']} | {shown} | {ratio:.1f}x |")
    return "\n".join(lines)


def main() -> None:
    rows = run()
    RESULTS.mkdir(exist_ok=True)
    machine = {"python": platform.python_version(), "machine": platform.machine(),
               "processor": platform.processor() or "unknown"}
    (RESULTS / "library.json").write_text(json.dumps({"machine": machine, "rows": rows}, indent=2))
    print(markdown_table(rows))


if __name__ == "__main__":
    main()
