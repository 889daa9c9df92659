export function App(): React.JSX.Element {
  return (
    <main>
      <h1>Skill A/B</h1>
      <p>
        Run tasks from the command line for now: <code>npx skill-ab run config.json</code>.
      </p>
    </main>
  )
}
