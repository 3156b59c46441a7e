package golden

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"runtime"
	"testing"
	"time"
)

func pngOf(t *testing.T, c color.RGBA, dot bool) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 4, 3))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	if dot {
		img.Set(2, 1, c)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// PixelDiff finds the pixels that differ, and none between two encodings
// of the same picture.
func TestPixelDiff(t *testing.T) {
	a := pngOf(t, color.RGBA{}, false)
	b := pngOf(t, color.RGBA{R: 200, A: 255}, true)
	if d, err := PixelDiff(a, a); d != "" || err != nil {
		t.Errorf("the same picture: %q %v", d, err)
	}
	if d, _ := PixelDiff(b, a); d != "1 pixels differ, the first at (2,1)" {
		t.Errorf("one pixel: %q", d)
	}
	if d, _ := PixelDiff(a, []byte("not a png")); d == "" {
		t.Error("an unreadable golden file must differ")
	}
	if _, err := PixelDiff([]byte("x"), a); err == nil {
		t.Error("a render that is no PNG is an error")
	}
}

// The thread clock (-coldclock=thread) counts this thread's work, and
// not time spent asleep.
func TestThreadClock(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	clock, ok := threadClock()
	if !ok {
		t.Skip("no thread CPU clock here")
	}
	t0 := clock()
	time.Sleep(30 * time.Millisecond)
	slept := clock().Sub(t0)
	t1 := clock()
	for x := 0; clock().Sub(t1) < 5*time.Millisecond; x++ {
		_ = x * x
	}
	if slept >= 15*time.Millisecond {
		t.Errorf("30 ms asleep counted %v", slept)
	}
	if busy := clock().Sub(t1); busy < 5*time.Millisecond || busy > time.Second {
		t.Errorf("5 ms of work counted %v", busy)
	}
}
