/**
 * The field the MX writes on a copy to be filed into Junk, and the mail store's Sieve step reads
 * (docs/spam-and-rules.md): one name shared by the front door and the store.
 */
export const JUNK_FOLDER_HEADER = "X-Spam-Folder";
