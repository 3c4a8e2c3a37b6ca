import type { Column } from "./columns";

/** Type `assignments`: one child assigned to one data collection a row (the API's POST /data-collections-student-assignments). */
export const ASSIGNMENT_COLUMNS: Column[] = [
  { name: "studentStateId", required: true, text: true, description: "The child's state id" },
  { name: "dataCollectionId", required: true, description: "The data collection's id; it must be assigned to the child's school and open for enrollment" },
  { name: "teacherType", required: false, description: "Primary or Secondary (blank: Primary)" },
  {
    name: "locationId",
    required: false,
    description: "The school of the enrollment to assign (its id, within your reach); blank: the child's point-of-authority enrollment",
  },
];
