export default function (pi) {
  pi.on("before_agent_start", async (event) => ({
    message: { customType: "seen", content: "seen: " + event.prompt.slice(0, 24), display: true },
  }));
  pi.on("before_agent_start", async (event) => {
    if (!event.prompt.includes('<skill name="')) return undefined;
    const o = event.systemPromptOptions;
    return {
      systemPrompt: event.systemPrompt + "\n[skills=" + o.skills.map((s) => s.name).join(",") +
        " ctx=" + o.contextFiles.length + " chained=" + event.systemPrompt.startsWith("PRE|") + "]",
    };
  });
}
