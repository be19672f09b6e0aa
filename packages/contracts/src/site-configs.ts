/** Payloads and calls of the web server configs and logs of a site (spec/000 §3, §7). */
export {};
