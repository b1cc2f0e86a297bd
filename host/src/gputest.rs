//! How GPU tests get a device: run when one is present, say loudly when skipped, and fail
//! instead of skipping when `NVFP4_REQUIRE_GPU=1`.
use crate::error::Error;
use crate::gpu::Gpu;
use crate::ptx::PtxBuild;
use std::io::Write;

/// The variable that turns a missing GPU into a test failure.
pub const REQUIRE_GPU_VAR: &str = "NVFP4_REQUIRE_GPU";

/// True when `NVFP4_REQUIRE_GPU=1`.
pub fn gpu_required() -> bool {
    std::env::var(REQUIRE_GPU_VAR).is_ok_and(|v| v == "1")
}

/// Opens GPU 0 for `test`. Without a usable GPU: panics if [`gpu_required`], otherwise
/// writes a `SKIPPED` line straight to stderr (past the test harness's capture, so it shows
/// in every run) and returns `None`. Errors other than "no usable GPU" always panic.
pub fn gpu_for_test(test: &str) -> Option<Gpu> {
    match Gpu::new(0) {
        Ok(gpu) => Some(gpu),
        Err(e) => skip_or_panic(test, e),
    }
}

/// Opens GPU 0 with `build` for `test`, as [`gpu_for_test`] does, and one more case: a device
/// the build is not for (e.g. the sm_90a emulation of the sm_100a arithmetic on a B200, which
/// runs the real sm_100a build in every other test) prints `SKIPPED … not applicable` and
/// returns `None` even with `NVFP4_REQUIRE_GPU=1`.
pub fn gpu_with_build_for_test(test: &str, build: PtxBuild) -> Option<Gpu> {
    match Gpu::with_build(0, build) {
        Ok(gpu) => Some(gpu),
        Err(e @ Error::BuildNotForDevice { .. }) => {
            let _ = writeln!(std::io::stderr(), "SKIPPED {test}: not applicable on this device: {e}.");
            None
        }
        Err(e) => skip_or_panic(test, e),
    }
}

/// Without a usable GPU and without [`gpu_required`]: the `SKIPPED` line, `None`. Otherwise
/// a panic with the error.
fn skip_or_panic(test: &str, e: Error) -> Option<Gpu> {
    if e.is_no_gpu() && !gpu_required() {
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED {test}: {e}. This GPU test did not run; set {REQUIRE_GPU_VAR}=1 to make that a failure."
        );
        return None;
    }
    panic!("{test}: {e}{}", require_note(&e))
}

fn require_note(e: &Error) -> &'static str {
    if e.is_no_gpu() { " (NVFP4_REQUIRE_GPU=1 makes a missing GPU a failure)" } else { "" }
}
