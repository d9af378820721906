"""coursekit: the library of the course "Mechanics and Control of Robot Manipulators".

Import it as ``import coursekit as ck``. Conventions (units, frames, DH, orderings)
are fixed once in CONVENTIONS.md.

Architecture, from the bottom up (a module imports only modules above it)::

    _validation                      clean inputs, clear errors
    rotations, euler_angles,         SO(3): matrices, angle sets,
      quaternions, angular_velocity    Euler parameters, rate maps
    transforms, screws               SE(3): transforms, twists, adjoints
    dh, robot, models                DH rows, the robot model, the catalogue
    kinematics                       forward kinematics (batched)
    jacobians, velocity_propagation, velocity kinematics, singularity measures
      manipulability
    dh_conversion                    standard <-> modified DH, product of exponentials
    statics                          forces and torques
    closed_form_ik, puma_ik,         closed-form and numerical inverse kinematics
      numerical_ik
    rigid_body                       inertia tensors, Steiner, Euler's equations
    newton_euler, dynamics,          inverse and forward dynamics, M, C, g,
      coriolis, task_space             energies, task-space inertia
    simulation, controllers,         time integration, joint and Cartesian control laws,
      cartesian_control,
      identification                   parameter identification
    servo, step_response             closed-loop analysis and gain design
    trajectories, cartesian_paths    joint and Cartesian motion planning
    mechanisms, workspace, actuators mobility, workspaces, drives and sensors
    symbolic                         sympy twins of the kinematics (same names)
    symbolic_robot, lagrange,        symbolic dynamics: Lagrange, Newton-Euler and the
      symbolic_newton_euler,           recursive Lagrangian (sympy, loaded on first use)
      recursive_lagrange
    feedback                         checks for the exercises
"""

from . import models
from .dh import dh_transform, modified_dh_transform
from .jacobians import geometric_jacobian, joint_axes_and_origins, numerical_jacobian
from .kinematics import forward_kinematics, link_frames, link_transforms
from .robot import Link, SerialRobot
from .rotations import (
    axis_angle_from_rotation,
    is_rotation,
    rot_x,
    rot_y,
    rot_z,
    rotation_from_axis_angle,
    rotation_from_rotation_vector,
    rotation_vector_from_rotation,
    skew,
    unskew,
)
from .transforms import (
    compose,
    homogeneous_point,
    homogeneous_vector,
    invert_transform,
    is_transform,
    rotate_vectors,
    rotation_part,
    transform,
    transform_points,
    translation,
    translation_part,
)

# --- euler_angles, quaternions, angular_velocity (rotations helper) ---
from .angular_velocity import (
    angular_velocity_from_rotation_rate,
    euler_rate_matrix,
    quaternion_rate_matrix,
)
from .euler_angles import (
    EULER_SEQUENCES,
    euler_from_rotation,
    is_gimbal_lock,
    euler_zxz_from_rotation,
    euler_zyx_from_rotation,
    euler_zyz_from_rotation,
    rotation_from_euler,
    rotation_from_euler_zxz,
    rotation_from_euler_zyx,
    rotation_from_euler_zyz,
)
from .quaternions import (
    axis_angle_from_quaternion,
    quaternion_conjugate,
    quaternion_from_axis_angle,
    quaternion_from_rotation,
    quaternion_product,
    rodrigues_from_rotation,
    rotate_vector_by_quaternion,
    rotation_from_quaternion,
    rotation_from_rodrigues,
)

# --- screws (twists, adjoints, velocity/force transforms) and dh_conversion ---
from .dh_conversion import convert_dh, forward_kinematics_poe, product_of_exponentials
from .screws import (
    adjoint,
    force_transform,
    screw_axis,
    screw_axis_from_velocity,
    transform_from_twist,
    twist_from_matrix,
    twist_from_transform,
    twist_matrix,
    velocity_operator,
    velocity_transform,
)

# --- jacobians, velocity_propagation, manipulability, statics ---
from .jacobians import analytic_jacobian, jacobian_at_point, jacobian_in_frame, swap_twist_order
from .manipulability import (
    condition_number,
    force_ellipsoid,
    is_isotropic,
    jacobian_determinant,
    jacobian_rank,
    manipulability,
    singular_values,
    velocity_ellipsoid,
)
from .statics import (
    joint_torques_by_force_propagation,
    joint_torques_from_wrench,
    link_forces_and_moments,
    wrench_from_joint_torques,
)
from .velocity_propagation import link_velocities, link_velocities_and_accelerations, tool_velocity

# --- closed_form_ik, puma_ik, numerical_ik ---
from .closed_form_ik import IKSolutions, planar_2r_ik, planar_3r_ik, solve_trig_equation
from .puma_ik import puma560_ik
from .numerical_ik import IKResult, inverse_kinematics, pose_residual

# --- feedback ---
from .feedback import (
    check_close,
    check_dh_transform,
    check_raises,
    check_rotation,
    check_symbolic_equal,
    check_transform,
    check_true,
)


def __getattr__(name: str) -> object:
    # ck.symbolic is imported on first use: sympy alone would triple `import coursekit`.
    if name in ("symbolic", "lagrange", "symbolic_newton_euler", "recursive_lagrange"):
        import importlib

        return importlib.import_module(f".{name}", __name__)
    msg = f"module 'coursekit' has no attribute {name!r}"
    raise AttributeError(msg)


# --- rigid_body, newton_euler, dynamics (dynamics helper) ---
from .coriolis import centrifugal_and_coriolis_matrices, christoffel_symbols, coriolis_matrix
from .dynamics import (
    coriolis_vector,
    forward_dynamics,
    friction_torques,
    gravity_torques,
    kinetic_energy,
    mass_matrix,
    potential_energy,
)
from .newton_euler import (
    inverse_dynamics,
    inverse_dynamics_craig,
    inverse_dynamics_luh_walker_paul,
)
from .rigid_body import (
    as_inertia,
    box_inertia,
    cylinder_inertia,
    euler_torque,
    parallel_axis,
    point_mass_inertia,
    rigid_body_kinetic_energy,
    rod_inertia,
    rotate_inertia,
    spatial_inertia,
    sphere_inertia,
)
from .task_space import mass_ellipsoid, task_space_inertia

# --- servo, trajectories, mechanisms (control helper) ---
from .actuators import (
    VelocityEstimate,
    acceleration_optimal_gear_ratio,
    harmonic_drive_ratio,
    load_acceleration,
    max_velocity_pulse_averaging,
    motor_torque,
    screw_drive_acceleration,
    screw_drive_torque,
    screw_max_acceleration,
    screw_optimal_ratio,
    screw_ratio_from_lead,
    stepper_motor_speed,
    torque_optimal_gear_ratio,
    velocity_from_clock_count,
    velocity_from_pulse_averaging,
    velocity_from_pulse_count,
)
from .cartesian_paths import PathKnots, bounded_deviation_knots, straight_line_poses
from .mechanisms import (
    connectivity_sum,
    independent_loops,
    joint_freedoms,
    limb_connectivity,
    mobility,
)
from .servo import (
    closed_loop_damping_ratio,
    closed_loop_natural_frequency,
    closed_loop_poles,
    partitioning_terms,
    pd_gains,
    pid_gains,
    servo_acceleration,
    steady_state_error,
    unit_mass_gains,
)
from .step_response import (
    StepMetrics,
    closed_loop_step_response,
    peak_time,
    percent_overshoot,
    rise_time,
    settling_time,
    step_metrics,
)
from .trajectories import (
    JointTrajectory,
    cubic_coefficients,
    lspb_blend_time,
    lspb_trajectory,
    polynomial_trajectory,
    quintic_coefficients,
    via_point_trajectory,
    via_point_velocities,
)
from .workspace import (
    basic_arm,
    is_reachable_by_basic_arm,
    swept_area_2r,
    workspace_points,
    workspace_volume,
    workspace_volume_monte_carlo,
)

# --- simulation, controllers, identification (simulation helper) ---
from .cartesian_control import (
    CartesianComputedTorque,
    ResolvedRate,
    TransposeJacobianControl,
    resolved_rate,
)
from .controllers import ComputedTorque, JointPD, JointPID
from .identification import (
    Identification,
    base_parameters_2r,
    identify_parameters,
    regressor_2r,
)
from .simulation import Simulation, simulate

__version__ = "2026.1"
