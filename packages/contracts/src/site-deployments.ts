/** Payloads and calls of the deployments and commands of a site (spec/000 §3, §7). */
export {};
