export default function (pi) {
  pi.on("before_agent_start", async (event) => {
    if (event.prompt.startsWith("Hello")) return { systemPrompt: "PRE|" + event.systemPrompt };
    return undefined;
  });
  pi.on("before_agent_start", async (event) => {
    if (event.prompt === "plain") throw new Error("P refuses plain input");
  });
}
