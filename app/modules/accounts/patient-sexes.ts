// The sexes a saved patient or a booking records (reference ranges need them), shared by the
// database schema, the server and the browser. Import-free, like the lifecycle's value lists.
export const patientSexes = ["female", "male"] as const;
export type PatientSex = (typeof patientSexes)[number];
