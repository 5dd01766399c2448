/** English that reads right for any name or number (issue 17 item 17). */

/** "Fresh Market Grocers'" but "Northside Market Co-op's". */
export const possessive = (name: string) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);

/** "1 file", "2 files"; `many` for irregular plurals. */
export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
