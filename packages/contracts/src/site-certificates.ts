/** Payloads and calls of the SSL certificates of a site (spec/000 §3, §7). */
export {};
