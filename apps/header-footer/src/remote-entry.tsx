/** What the remote exposes to the site: its header and its footer. */
export function Header() {
  return (
    <nav aria-label="Main" className="remote-header">
      <a href="/">exchange-web</a>
    </nav>
  );
}

export function Footer() {
  return <p className="remote-footer">© exchange-web</p>;
}
