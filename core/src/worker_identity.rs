//! A worker process's name. apalis knows a worker's jobs by its name; a process that starts
//! again under the name its previous run had can take those jobs back at once (see
//! `JobQueue::take_back`) instead of waiting for three missed heartbeats, but only if no
//! live process holds that name.
//!
//! The proof is a lock file in the data folder: `workers/slot-{n}.lock`, locked for the life
//! of the process (the kernel releases the lock when the process ends, even on SIGKILL). The
//! first slot that is free names the process `lectern-{host}-{folder id}-{n}`; whoever held
//! that name before has ended. Processes that share a data folder take different slots;
//! processes on different hosts or with different folders have different names.

use std::fs::{File, OpenOptions};
use std::path::Path;

/// Slots tried before giving up on a stable name (more worker processes than this on one
/// data folder get fresh names, and their jobs come back by heartbeat as before).
const SLOTS: usize = 64;

#[derive(Debug)]
pub struct Identity {
    pub name: String,
    /// Whether the name is stable: the same slot's previous holder, if any, has ended.
    pub stable: bool,
}

fn host() -> String {
    std::fs::read_to_string("/etc/hostname")
        .map(|h| h.trim().to_string())
        .ok()
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "host".into())
}

/// A name no other worker process has, now or after a restart: host, process id and a
/// random part.
pub fn unique_name() -> String {
    let id = uuid::Uuid::new_v4().simple().to_string();
    format!("lectern-{}-{}-{}", host(), std::process::id(), &id[..8])
}

/// The data folder's own id, made once: two folders on one host never share names.
fn folder_id(dir: &Path) -> std::io::Result<String> {
    let path = dir.join("id");
    match std::fs::read_to_string(&path) {
        Ok(id) if !id.trim().is_empty() => Ok(id.trim().to_string()),
        _ => {
            let id = uuid::Uuid::new_v4().simple().to_string()[..8].to_string();
            // Two processes starting together: the first to create the file wins.
            match OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(mut file) => {
                    use std::io::Write;
                    file.write_all(id.as_bytes())?;
                    file.sync_all()?;
                    Ok(id)
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    for _ in 0..50 {
                        let id = std::fs::read_to_string(&path)?;
                        if !id.trim().is_empty() {
                            return Ok(id.trim().to_string());
                        }
                        std::thread::sleep(std::time::Duration::from_millis(20));
                    }
                    Err(std::io::Error::other(
                        "the data folder's worker id stayed empty",
                    ))
                }
                Err(e) => Err(e),
            }
        }
    }
}

fn lock_slot(dir: &Path) -> std::io::Result<Option<(usize, File)>> {
    for slot in 0..SLOTS {
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(dir.join(format!("slot-{slot}.lock")))?;
        match file.try_lock() {
            Ok(()) => return Ok(Some((slot, file))),
            Err(std::fs::TryLockError::WouldBlock) => continue,
            Err(std::fs::TryLockError::Error(e)) => return Err(e),
        }
    }
    Ok(None)
}

/// The stable name of a worker process that keeps its state in `data_dir`; a fresh unique
/// name (not stable) when the folder cannot be written or every slot is taken.
pub fn claim(data_dir: &Path) -> Identity {
    let dir = data_dir.join("workers");
    let claimed =
        std::fs::create_dir_all(&dir).and_then(|()| Ok((folder_id(&dir)?, lock_slot(&dir)?)));
    match claimed {
        Ok((id, Some((slot, lock)))) => {
            // Held until the process ends.
            std::mem::forget(lock);
            Identity {
                name: format!("lectern-{}-{id}-{slot}", host()),
                stable: true,
            }
        }
        Ok((_, None)) => {
            tracing::warn!(
                slots = SLOTS,
                "every worker slot of the data folder is taken"
            );
            Identity {
                name: unique_name(),
                stable: false,
            }
        }
        Err(error) => {
            tracing::warn!(%error, folder = %dir.display(), "no stable worker name");
            Identity {
                name: unique_name(),
                stable: false,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn processes_on_one_folder_get_different_slots_and_a_freed_slot_is_reused() {
        let dir = tempfile::tempdir().unwrap();
        let workers = dir.path().join("workers");
        std::fs::create_dir_all(&workers).unwrap();
        let id = folder_id(&workers).unwrap();
        assert_eq!(folder_id(&workers).unwrap(), id, "the id is made once");
        let (first, lock) = lock_slot(&workers).unwrap().unwrap();
        let (second, _held) = lock_slot(&workers).unwrap().unwrap();
        assert_eq!((first, second), (0, 1));
        drop(lock);
        let (again, _) = lock_slot(&workers).unwrap().unwrap();
        assert_eq!(again, 0, "a slot whose holder ended is taken again");
    }
}
