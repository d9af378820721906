"""coursekit: the library of the course "Mechanics and Control of Robot Manipulators".

Import it as ``import coursekit as ck``. Conventions (units, frames, DH, orderings)
are fixed once in CONVENTIONS.md.

Architecture, from the bottom up (a module imports only modules above it)::

    _validation                      clean inputs, clear errors
    rotations, euler_angles,         SO(3): matrices, angle sets,
      quaternions, angular_velocity    Euler parameters, rate maps
    transforms, screws               SE(3): transforms, twists, adjoints
    dh, robot, models                DH rows, the robot model, the catalogue
    dh_conversion                    standard <-> modified DH, product of exponentials
    kinematics                       forward kinematics (batched)
    jacobians, velocity_propagation, velocity kinematics, singularity measures
      manipulability
    statics                          forces and torques
    inverse_kinematics,              closed-form and numerical inverse kinematics
      numerical_ik
    symbolic                         sympy twins of the above (same names)
    feedback                         checks for the exercises
"""

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

# --- screws (twists, adjoints, velocity/force transforms) and dh_conversion ---

# --- jacobians, velocity_propagation, manipulability, statics ---

# --- inverse_kinematics, numerical_ik ---

# --- feedback ---

__version__ = "2026.1"
