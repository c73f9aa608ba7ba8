// Package agentcapture records the base system prompt of a coding-agent
// CLI installed on the user's machine, so promptc never ships a vendor's
// text: Capture runs the CLI once, non-interactively, against a fake model
// server on a loopback port (Server, speaking just enough of the Anthropic
// Messages, OpenAI Responses, OpenAI Chat Completions and Gemini
// streamGenerateContent APIs to finish one turn), picks the base prompt
// out of the request it sent (Base) and stores it in the user's cache
// (Store): $XDG_CACHE_HOME/promptc/agents/<agent>/<version>/, written
// atomically, with a checksum Load verifies. Split cuts a base prompt
// into parts along its own top-level headings.
package agentcapture
