/** A login the suite created (or configured) on the server under test. */
export interface Credentials {
  username: string;
  password: string;
}

/** What e2e/global-setup.ts hands to the tests through vitest's provide/inject. */
declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    admin: Credentials;
    manager: Credentials;
    regular: Credentials;
    /** A regular user named in the server's KIT_EDITOR_USERNAMES. */
    kitEditor: Credentials;
    /** The file the suite's SMTP server appends each received message to (support/mailbox.ts). */
    mailbox: string;
  }
}
