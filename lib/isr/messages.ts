/** The spec's texts (administration §8) for ISRs, and ours where the spec has none. */
export const ISR_REQUESTED = "ISRs have been successfully requested";
export const ISR_GENERATED = "ISR Generated";
export const ISR_CLEARED = "ISR Cleared";
export const ISR_NOT_FOUND = "ISR not found";
export const COLLECTION_NOT_FOUND = "Data collection not found";
export const NO_CHILDREN = "There are no students to generate ISRs for";
export const NOTHING_TO_DOWNLOAD = "There are no generated ISRs to download";
export const TOO_MANY_TO_MERGE = "Too many ISRs for one PDF: download one school (locationId) at a time";
export const TOO_MANY_FOR_ZIP = "Too many ISRs for one ZIP: download one school (locationId) at a time";
