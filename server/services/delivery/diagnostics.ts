/** A next hop's reply or an error, on one line and bounded, as recipients' diagnostics and events carry it. */
export const oneLine = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 300);

export const describe = (error: Error & { response?: string }) => oneLine(error.response ?? error.message);
