/** Texts people see from the users API and pages (pure: the browser forms use them too). */

export const ORGANIZATION_NOT_FOUND = "Organization not found";
export const LINK_NOT_FOUND = "The user is not linked to this organization";
export const EMAIL_TAKEN = "A user with this email already exists";
export const LINK_EXISTS = "The user is already linked to this organization";
export const ORGANIZATION_REQUIRED = "Choose at least one organization within your administration";
export const ORGANIZATION_REPEATED = "Each organization may be chosen once";
export const BEYOND_REACH = "This user also belongs to organizations outside your administration, or holds a role above yours";
export const NOT_OWN_STATUS = "You cannot change your own status, roles or organizations";
export const ROLES_GRANTABLE = "Roles may be ROLE_TEACHER or ROLE_DATA_MANAGER";
export const NO_PASSWORD_FOR_OTHERS = "Administrators cannot set another user's password; send a registration link instead";

/** Success texts of the pages' snackbars. */
export const USER_CREATED = "User created and invitation sent";
export const USER_CREATED_NO_INVITE = "User created";
export const USER_SAVED = "User saved";
export const USER_ACTIVATED = "User activated";
export const USER_DEACTIVATED = "User deactivated";
export const USER_UNLOCKED = "User unlocked";
export const INVITE_SENT = "Invitation sent";
export const LINK_ADDED = "Organization added";
export const LINK_REMOVED = "Organization removed";
export const PROMOTED = "User promoted to administrator";
export const DEMOTED = "User demoted to member";
