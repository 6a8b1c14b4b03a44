/** A tiny cookie jar for tests driving flows by fetch: applies Set-Cookie headers (a cleared cookie is dropped). */
export class Jar {
  private cookies = new Map<string, string>();
  constructor(initial = '') {
    for (const part of initial.split('; ').filter(Boolean)) {
      const [name, ...value] = part.split('=');
      this.cookies.set(name!, value.join('='));
    }
  }
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...value] = pair!.split('=');
      const cleared = value.join('') === '' || attrs.some((a) => /max-age=0$/i.test(a.trim()));
      if (cleared) this.cookies.delete(name!);
      else this.cookies.set(name!, value.join('='));
    }
  }
  has(name: string): boolean {
    return [...this.cookies.keys()].some((k) => k.includes(name));
  }
  toString(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}
