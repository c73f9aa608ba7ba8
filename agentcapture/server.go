package agentcapture

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// Request is one request the fake server received.
type Request struct {
	Method, Path string
	Body         map[string]any // the JSON body; nil when it was not an object
}

// Server is a fake model server on 127.0.0.1: it records every request
// and answers each API with the smallest reply that ends a turn (the text
// "ok"). It reaches nothing itself.
type Server struct {
	URL  string // http://127.0.0.1:PORT
	srv  *http.Server
	mu   sync.Mutex
	reqs []Request
}

// maxBody bounds one request body (a prompt with tools is ~100 KB).
const maxBody = 64 << 20

// Serve starts a server on 127.0.0.1 on a port the system picks.
func Serve() (*Server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &Server{URL: "http://" + ln.Addr().String()}
	s.srv = &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	go s.srv.Serve(ln) //nolint:errcheck // Serve ends with ErrServerClosed on Close
	return s, nil
}

// Close stops the server, waiting at most a few seconds for replies.
func (s *Server) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	if err := s.srv.Shutdown(ctx); err != nil {
		return s.srv.Close()
	}
	return nil
}

// Requests returns the requests received so far, in order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.reqs...)
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body := readBody(r)
	s.mu.Lock()
	s.reqs = append(s.reqs, Request{Method: r.Method, Path: r.URL.Path, Body: body})
	s.mu.Unlock()
	p := r.URL.Path
	model, _ := body["model"].(string)
	if model == "" {
		model = "fake-model"
	}
	stream, _ := body["stream"].(bool)
	switch {
	case r.Method == http.MethodGet && strings.HasSuffix(p, "/models"):
		writeJSON(w, map[string]any{"object": "list", "data": []any{map[string]any{"id": model, "object": "model", "created": 0, "owned_by": "fake", "type": "model", "display_name": model}},
			"models": []any{map[string]any{"name": "models/" + model, "supportedGenerationMethods": []string{"generateContent"}}}, "has_more": false})
	case r.Method != http.MethodPost:
		writeJSON(w, map[string]any{})
	case strings.HasSuffix(p, "/messages/count_tokens"):
		writeJSON(w, map[string]any{"input_tokens": 1})
	case strings.HasSuffix(p, "/messages"):
		anthropic(w, model, stream)
	case strings.HasSuffix(p, "/responses"):
		responses(w, model, stream)
	case strings.HasSuffix(p, "/chat/completions"):
		chat(w, model, stream)
	case strings.Contains(p, ":countTokens"):
		writeJSON(w, map[string]any{"totalTokens": 1})
	case strings.Contains(p, "GenerateContent") || strings.Contains(p, "generateContent"):
		gemini(w, r, body)
	default:
		writeJSON(w, map[string]any{})
	}
}

// readBody decodes a JSON object body, gzip or deflate encoded or not.
func readBody(r *http.Request) map[string]any {
	raw, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	if err != nil {
		return nil
	}
	switch strings.ToLower(r.Header.Get("Content-Encoding")) {
	case "gzip":
		if zr, err := gzip.NewReader(bytes.NewReader(raw)); err == nil {
			if d, err := io.ReadAll(io.LimitReader(zr, maxBody)); err == nil {
				raw = d
			}
		}
	case "deflate":
		if d, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(raw)), maxBody)); err == nil {
			raw = d
		}
	}
	var m map[string]any
	if json.Unmarshal(raw, &m) != nil {
		return nil
	}
	return m
}

func writeJSON(w http.ResponseWriter, v any) {
	data, _ := json.Marshal(v)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", fmt.Sprint(len(data)))
	w.Write(data) //nolint:errcheck // the client went away
}

// event is one server-sent event: a name ("" for none) and its data.
type event struct {
	name string
	data any
}

func writeSSE(w http.ResponseWriter, evs []event) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("Connection", "close")
	w.WriteHeader(http.StatusOK)
	for _, e := range evs {
		var b strings.Builder
		if e.name != "" {
			b.WriteString("event: " + e.name + "\n")
		}
		if s, ok := e.data.(string); ok {
			b.WriteString("data: " + s + "\n\n")
		} else {
			data, _ := json.Marshal(e.data)
			b.WriteString("data: " + string(data) + "\n\n")
		}
		io.WriteString(w, b.String()) //nolint:errcheck // the client went away
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
	}
}

const replyText = "ok"

func anthropic(w http.ResponseWriter, model string, stream bool) {
	usage := map[string]any{"input_tokens": 1, "output_tokens": 1, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
	msg := func(content []any, stop any) map[string]any {
		return map[string]any{"id": "msg_fake", "type": "message", "role": "assistant", "model": model, "content": content, "stop_reason": stop, "stop_sequence": nil, "usage": usage}
	}
	if !stream {
		writeJSON(w, msg([]any{map[string]any{"type": "text", "text": replyText}}, "end_turn"))
		return
	}
	writeSSE(w, []event{
		{"message_start", map[string]any{"type": "message_start", "message": msg([]any{}, nil)}},
		{"content_block_start", map[string]any{"type": "content_block_start", "index": 0, "content_block": map[string]any{"type": "text", "text": ""}}},
		{"content_block_delta", map[string]any{"type": "content_block_delta", "index": 0, "delta": map[string]any{"type": "text_delta", "text": replyText}}},
		{"content_block_stop", map[string]any{"type": "content_block_stop", "index": 0}},
		{"message_delta", map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": "end_turn", "stop_sequence": nil}, "usage": map[string]any{"output_tokens": 1}}},
		{"message_stop", map[string]any{"type": "message_stop"}},
	})
}

func responses(w http.ResponseWriter, model string, stream bool) {
	part := map[string]any{"type": "output_text", "text": replyText, "annotations": []any{}}
	item := map[string]any{"type": "message", "id": "msg_fake", "status": "completed", "role": "assistant", "content": []any{part}}
	usage := map[string]any{"input_tokens": 1, "input_tokens_details": map[string]any{"cached_tokens": 0}, "output_tokens": 1, "output_tokens_details": map[string]any{"reasoning_tokens": 0}, "total_tokens": 2}
	resp := func(status string, output []any, usage any) map[string]any {
		return map[string]any{"id": "resp_fake", "object": "response", "created_at": 0, "status": status, "model": model, "output": output, "usage": usage}
	}
	if !stream {
		writeJSON(w, resp("completed", []any{item}, usage))
		return
	}
	at := func(seq int, typ string, kv map[string]any) map[string]any {
		kv["type"], kv["sequence_number"] = typ, seq
		return kv
	}
	ref := func() map[string]any {
		return map[string]any{"item_id": "msg_fake", "output_index": 0, "content_index": 0}
	}
	with := func(m map[string]any, k string, v any) map[string]any { m[k] = v; return m }
	inProgress := map[string]any{"type": "message", "id": "msg_fake", "status": "in_progress", "role": "assistant", "content": []any{}}
	writeSSE(w, []event{
		{"response.created", at(0, "response.created", map[string]any{"response": resp("in_progress", []any{}, nil)})},
		{"response.output_item.added", at(1, "response.output_item.added", map[string]any{"output_index": 0, "item": inProgress})},
		{"response.content_part.added", at(2, "response.content_part.added", with(ref(), "part", map[string]any{"type": "output_text", "text": "", "annotations": []any{}}))},
		{"response.output_text.delta", at(3, "response.output_text.delta", with(ref(), "delta", replyText))},
		{"response.output_text.done", at(4, "response.output_text.done", with(ref(), "text", replyText))},
		{"response.content_part.done", at(5, "response.content_part.done", with(ref(), "part", part))},
		{"response.output_item.done", at(6, "response.output_item.done", map[string]any{"output_index": 0, "item": item})},
		{"response.completed", at(7, "response.completed", map[string]any{"response": resp("completed", []any{item}, usage)})},
	})
}

func chat(w http.ResponseWriter, model string, stream bool) {
	usage := map[string]any{"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
	if !stream {
		writeJSON(w, map[string]any{"id": "chatcmpl-fake", "object": "chat.completion", "created": 0, "model": model,
			"choices": []any{map[string]any{"index": 0, "message": map[string]any{"role": "assistant", "content": replyText}, "finish_reason": "stop"}}, "usage": usage})
		return
	}
	chunk := func(delta map[string]any, finish any, u any) map[string]any {
		c := map[string]any{"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 0, "model": model,
			"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}}}
		if u != nil {
			c["usage"] = u
		}
		return c
	}
	writeSSE(w, []event{
		{"", chunk(map[string]any{"role": "assistant", "content": ""}, nil, nil)},
		{"", chunk(map[string]any{"content": replyText}, nil, nil)},
		{"", chunk(map[string]any{}, "stop", usage)},
		{"", "[DONE]"},
	})
}

// gemini answers generateContent and streamGenerateContent; a call that
// asks for JSON (a router or other structured side call) gets the
// smallest value its schema allows.
func gemini(w http.ResponseWriter, r *http.Request, body map[string]any) {
	text := replyText
	gc, _ := body["generationConfig"].(map[string]any)
	schema, _ := gc["responseJsonSchema"].(map[string]any)
	if schema == nil {
		schema, _ = gc["responseSchema"].(map[string]any)
	}
	if schema != nil || gc["responseMimeType"] == "application/json" {
		if schema == nil {
			schema = map[string]any{"type": "object"}
		}
		data, _ := json.Marshal(fromSchema(schema, 0))
		text = string(data)
	}
	resp := map[string]any{"candidates": []any{map[string]any{"content": map[string]any{"role": "model", "parts": []any{map[string]any{"text": text}}}, "finishReason": "STOP", "index": 0}},
		"usageMetadata": map[string]any{"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2}, "modelVersion": "fake-model"}
	switch {
	case !strings.Contains(r.URL.Path, ":streamGenerateContent"):
		writeJSON(w, resp)
	case r.URL.Query().Get("alt") == "sse":
		writeSSE(w, []event{{"", resp}})
	default:
		writeJSON(w, []any{resp})
	}
}

// fromSchema is the smallest value a JSON schema allows (depth-bounded).
func fromSchema(s map[string]any, depth int) any {
	if enum, ok := s["enum"].([]any); ok && len(enum) > 0 {
		return enum[0]
	}
	t, _ := s["type"].(string)
	switch strings.ToLower(t) {
	case "array":
		return []any{}
	case "integer", "number":
		if m, ok := s["minimum"]; ok {
			return m
		}
		return 1
	case "boolean":
		return false
	case "string":
		return "x"
	}
	out := map[string]any{}
	if depth > 8 {
		return out
	}
	props, _ := s["properties"].(map[string]any)
	keys := []string{}
	if req, ok := s["required"].([]any); ok {
		for _, k := range req {
			if ks, ok := k.(string); ok {
				keys = append(keys, ks)
			}
		}
	} else {
		for k := range props {
			keys = append(keys, k)
		}
	}
	for _, k := range keys {
		sub, _ := props[k].(map[string]any)
		if sub == nil {
			sub = map[string]any{}
		}
		out[k] = fromSchema(sub, depth+1)
	}
	return out
}
