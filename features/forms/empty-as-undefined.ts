// An optional <select> or text input whose "nothing chosen" value is "" means
// "not given": the API's schemas want such a field absent, and "" would fail
// their length or enum rules. Pass as react-hook-form's `setValueAs`.
export const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);
