/** The shell's texts, worded as the spec words them (platform.md section 2). */
export const NOT_FOUND_TEXT = "Should you be here? Please enter a valid address";

export function deniedMessage(path: string): string {
  return `You don't have enough permissions to view '${path}' page`;
}
