package discord

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// openAPIPath is Discord's official OpenAPI document, kept in the
// repository with its MIT licence (testdata/openapi/README.md) so that
// every clone validates the bot's requests (tests run in bot/discord).
const openAPIPath = "testdata/openapi/openapi.json"

const openAPIURL = "https://discord.test/openapi.json"

// apiSchema validates request bodies against openapi.json: the operation's
// requestBody schema, compiled with the document's components.
type apiSchema struct {
	doc      map[string]any
	paths    []string
	compiler *jsonschema.Compiler
	mu       sync.Mutex
	compiled map[string]*jsonschema.Schema
}

var (
	schemaOnce sync.Once
	schemaDoc  *apiSchema
	schemaErr  error
)

// loadSchema reads openapi.json once per test binary; a test that cannot
// read it fails (a skipped check would pass without checking anything).
func loadSchema(t testing.TB) *apiSchema {
	t.Helper()
	if _, err := os.Stat(openAPIPath); err != nil {
		t.Fatalf("Discord's OpenAPI schema is missing (%v): request bodies cannot be validated; it belongs in bot/discord/testdata/openapi/", err)
	}
	schemaOnce.Do(func() {
		f, err := os.Open(openAPIPath)
		if err != nil {
			schemaErr = err
			return
		}
		defer f.Close()
		raw, err := jsonschema.UnmarshalJSON(f)
		if err != nil {
			schemaErr = err
			return
		}
		doc, ok := raw.(map[string]any)
		if !ok {
			schemaErr = fmt.Errorf("openapi.json is not an object")
			return
		}
		c := jsonschema.NewCompiler()
		c.DefaultDraft(jsonschema.Draft2020)
		c.AssertFormat()
		// Discord's own formats (snowflake, int64, nonce ...) are not
		// JSON Schema's; unknown formats are ignored.
		if err := c.AddResource(openAPIURL, doc); err != nil {
			schemaErr = err
			return
		}
		s := &apiSchema{doc: doc, compiler: c, compiled: map[string]*jsonschema.Schema{}}
		for p := range doc["paths"].(map[string]any) {
			s.paths = append(s.paths, p)
		}
		schemaDoc = s
	})
	if schemaErr != nil {
		t.Fatalf("openapi.json: %v", schemaErr)
	}
	return schemaDoc
}

func pointerToken(s string) string {
	s = strings.ReplaceAll(s, "~", "~0")
	s = strings.ReplaceAll(s, "/", "~1")
	return url.PathEscape(s)
}

// template finds the OpenAPI path template for a concrete API path (after
// /api/v10): literal segments must match, {params} match anything; the
// template with the most literal segments wins.
func (s *apiSchema) template(path string) string {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	best, bestLit := "", -1
	for _, p := range s.paths {
		ts := strings.Split(strings.Trim(p, "/"), "/")
		if len(ts) != len(segs) {
			continue
		}
		lit := 0
		ok := true
		for k, tseg := range ts {
			if strings.HasPrefix(tseg, "{") && strings.HasSuffix(tseg, "}") {
				continue
			}
			if tseg != segs[k] {
				ok = false
				break
			}
			lit++
		}
		if ok && lit > bestLit {
			best, bestLit = p, lit
		}
	}
	return best
}

// schemaFor compiles the request body schema of an operation for a
// content type.
func (s *apiSchema) schemaFor(method, path, contentType string) (*jsonschema.Schema, string, error) {
	tpl := s.template(path)
	if tpl == "" {
		return nil, "", fmt.Errorf("no operation in openapi.json for path %s", path)
	}
	op, ok := s.doc["paths"].(map[string]any)[tpl].(map[string]any)[strings.ToLower(method)].(map[string]any)
	if !ok {
		return nil, tpl, fmt.Errorf("openapi.json has no %s %s", method, tpl)
	}
	rb, ok := op["requestBody"].(map[string]any)
	if !ok {
		return nil, tpl, fmt.Errorf("%s %s takes no request body", method, tpl)
	}
	if _, ok := rb["content"].(map[string]any)[contentType]; !ok {
		return nil, tpl, fmt.Errorf("%s %s takes no %s body", method, tpl, contentType)
	}
	ptr := "/paths/" + pointerToken(tpl) + "/" + strings.ToLower(method) + "/requestBody/content/" + pointerToken(contentType) + "/schema"
	s.mu.Lock()
	defer s.mu.Unlock()
	if sch, ok := s.compiled[ptr]; ok {
		return sch, tpl, nil
	}
	sch, err := s.compiler.Compile(openAPIURL + "#" + ptr)
	if err != nil {
		return nil, tpl, fmt.Errorf("compiling the schema of %s %s: %w", method, tpl, err)
	}
	s.compiled[ptr] = sch
	return sch, tpl, nil
}

// validate checks a JSON body against the operation's application/json
// request schema (for multipart requests: their payload_json).
func (s *apiSchema) validate(method, path string, body []byte) error {
	sch, tpl, err := s.schemaFor(method, path, "application/json")
	if err != nil {
		return err
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("%s %s: body is not JSON: %v", method, tpl, err)
	}
	if err := sch.Validate(v); err != nil {
		return fmt.Errorf("%s %s: body breaks Discord's schema: %v\nbody: %s", method, tpl, err, clip(string(body), 3000))
	}
	return nil
}

// hasMultipart reports whether the operation documents a multipart body.
func (s *apiSchema) hasMultipart(method, path string) bool {
	_, _, err := s.schemaFor(method, path, "multipart/form-data")
	return err == nil
}
