package agentcapture

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestServerEndsATurnInEachAPI checks the last event of each streamed
// reply (the one a client waits for to end its turn) and the recording.
func TestServerEndsATurnInEachAPI(t *testing.T) {
	s, err := Serve()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	cases := []struct{ path, body, last string }{
		{"/v1/messages?beta=true", `{"model":"m","stream":true,"tools":[]}`, "event: message_stop"},
		{"/v1/responses", `{"model":"m","stream":true,"tools":[]}`, `"type":"response.completed"`},
		{"/v1/chat/completions", `{"model":"m","stream":true,"tools":[]}`, "data: [DONE]"},
		{"/v1beta/models/g:streamGenerateContent?alt=sse", `{"contents":[],"tools":[]}`, `"finishReason":"STOP"`},
		{"/v1beta/models/g:generateContent", `{"generationConfig":{"responseJsonSchema":{"type":"object","properties":{"score":{"type":"integer","minimum":1}},"required":["score"]}}}`, `{\"score\":1}`},
	}
	for _, c := range cases {
		resp, err := http.Post(s.URL+c.path, "application/json", strings.NewReader(c.body))
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !strings.Contains(string(data), c.last) {
			t.Errorf("%s: reply %q lacks %q", c.path, data, c.last)
		}
	}
	reqs := s.Requests()
	if len(reqs) != len(cases) {
		t.Fatalf("recorded %d requests, want %d", len(reqs), len(cases))
	}
	if r, ok := MainRequest("gemini", reqs); !ok || !strings.Contains(r.Path, "streamGenerateContent") {
		t.Errorf("MainRequest(gemini) = %+v %v", r, ok)
	}
}
