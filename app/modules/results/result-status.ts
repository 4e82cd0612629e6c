// Client-safe value lists of the results module (the schema types its columns with them).

/** draft: the lab may still correct it; released: what the patient reads; superseded: a later version was released. */
export const resultVersionStatuses = ["draft", "released", "superseded"] as const;
export type ResultVersionStatus = (typeof resultVersionStatuses)[number];

/** What someone did with a result (every one is logged, issue 28). */
export const resultAccessActions = ["view", "download", "share", "share_revoke", "share_open", "share_download", "break_glass", "export"] as const;
export type ResultAccessAction = (typeof resultAccessActions)[number];

/** Who: the patient, a member of the producing lab, an admin (break-glass), a doctor through a share link. */
export const resultAccessActorKinds = ["customer", "lab", "admin", "share"] as const;
export type ResultAccessActorKind = (typeof resultAccessActorKinds)[number];
