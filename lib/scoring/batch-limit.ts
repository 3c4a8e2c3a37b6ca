/** The most grades one batch call takes (paste, the offline queue's flush); the grid splits longer runs. */
export const MAX_BATCH = 500;
