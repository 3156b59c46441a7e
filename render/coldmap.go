package render

import (
	"bytes"
	"fmt"
	"image"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
)

// ColdMap measures DESIGN's cold-map budget (issue 31: a cold map costs at
// most 1.2 times its own PNG encode) for view v, n times: a cold map is
// a PNG of a view not in the cache (its Status changed), by Renderer.PNG
// as the bot calls it: the kit's image put back to the static layer and
// any middle layer already kept for v, the dynamic layer drawn, the
// blocks it changed quantized (the ground's kept indices elsewhere) and
// the whole deflated. The encode alone is the finished picture encoded by
// a fresh Encoder: every pixel quantized, then deflated the same way. It
// returns the summed durations and the PNG's size, and fails if the
// encode alone does not give the map's very bytes.
func (r *Renderer) ColdMap(v adjudicator.View, n int, clock func() time.Time) (cold, encode time.Duration, size int, err error) {
	l, ok := r.boards[v.Title]
	if !ok {
		return 0, 0, 0, fmt.Errorf("render: no map drawing for title %q", v.Title)
	}
	png0, err := r.PNG(v) // the static and middle layers, drawn once
	if err != nil {
		return 0, 0, 0, err
	}
	k := <-r.kits
	img, err := r.drawOn(l, k, v)
	var own *image.RGBA
	if err == nil {
		own = image.NewRGBA(img.Rect)
		copy(own.Pix, img.Pix)
	}
	r.kits <- k
	if err != nil {
		return 0, 0, 0, err
	}
	enc := NewEncoder(l.board.Inks())
	if again, err := enc.Encode(own); err != nil || !bytes.Equal(again, png0) {
		return 0, 0, 0, fmt.Errorf("render: the encode alone is not the map's PNG (%v)", err)
	}
	for i := 0; i < n; i++ {
		w := v
		w.Status = []string{fmt.Sprintf("cold map %d", i)} // a cache miss
		t0 := clock()
		if _, err := r.PNG(w); err != nil {
			return 0, 0, 0, err
		}
		t1 := clock()
		if _, err := enc.Encode(own); err != nil {
			return 0, 0, 0, err
		}
		cold += t1.Sub(t0)
		encode += clock().Sub(t1)
	}
	return cold, encode, len(png0), nil
}
