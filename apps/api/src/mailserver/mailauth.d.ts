/** The part of mailauth (a dev dependency) the mail server test uses: DKIM verification. */
declare module 'mailauth/lib/dkim/verify.js' {
  export function dkimVerify(
    input: Buffer,
    options: { resolver: (name: string, type: string) => Promise<unknown> },
  ): Promise<{ results: { signingDomain?: string; status: { result: string; comment?: string } }[] }>;
}
