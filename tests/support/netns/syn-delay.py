"""A delay line for TCP SYNs: devices that are slow to accept a connection (a busy controller answers
the SYN a few hundred milliseconds late), built from the Python standard library where `tc netem` is
not available. Runs inside the lab's site namespace (tests/support/netns/lab.ts):

    python3 syn-delay.py <interface> <delay ms> <port> <address>...

It watches <interface> (AF_PACKET) for SYNs to <address>:<port>. The lab's nftables rules drop those on
arrival; this sends a copy of each into the namespace's own stack <delay ms> later (a raw IP socket),
where it is NATed to the simulated device, which answers at once. The delay counts from when the kernel
received the SYN (its receive timestamp), not from when this process read it: on a loaded machine the
read can come tens of milliseconds late (lab.ts also runs this at a real-time priority where it can).
The copy's TCP checksum is computed afresh: a veth carries the sender's checksum unfinished (offloaded), which the stack would refuse. The scanner's original SYN is thereby
answered <delay ms> late; every later packet of the connection passes untouched.

Prints `READY watching` once watching; exits when its standard input closes (the lab closes it), so it never
outlives the lab. Only addresses and the port given are touched.
"""

import heapq
import select
import socket
import struct
import sys
import time

PACKET_OUTGOING = 4
ETH_P_IP = 0x0800
TCP = 6
SYN, ACK = 0x02, 0x10
# Kernel receive timestamps (struct timespec, wall clock) on a socket's packets; not named by Python's
# socket module. 35 in asm-generic/socket.h (x86, arm).
SO_TIMESTAMPNS = getattr(socket, "SO_TIMESTAMPNS", 35)


def tcp_checksummed(packet: bytes) -> bytes:
    """The packet with its TCP checksum computed over the pseudo-header and the segment."""
    header = (packet[0] & 0x0F) * 4
    total = int.from_bytes(packet[2:4], "big")
    segment = bytearray(packet[header:total])
    segment[16:18] = b"\0\0"
    pseudo = packet[12:20] + bytes([0, TCP]) + len(segment).to_bytes(2, "big")
    data = pseudo + bytes(segment) + (b"\0" if len(segment) % 2 else b"")
    acc = sum(int.from_bytes(data[i : i + 2], "big") for i in range(0, len(data), 2))
    while acc > 0xFFFF:
        acc = (acc & 0xFFFF) + (acc >> 16)
    segment[16:18] = (~acc & 0xFFFF).to_bytes(2, "big")
    return packet[:header] + bytes(segment)


def arrived_at(ancillary: list[tuple[int, int, bytes]]) -> float:
    """When the kernel received the packet, on the monotonic clock: a device times its delay from the
    SYN's arrival, not from when this process, maybe waiting for a CPU on a loaded machine, read it."""
    for level, kind, data in ancillary:
        if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS and len(data) >= 16:
            seconds, nanoseconds = struct.unpack("qq", data[:16])
            return time.monotonic() - (time.time() - (seconds + nanoseconds / 1e9))
    return time.monotonic()


def main() -> None:
    interface, delay_ms, port = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    watched = {socket.inet_aton(a) for a in sys.argv[4:]}
    sniffer = socket.socket(socket.AF_PACKET, socket.SOCK_DGRAM, socket.htons(ETH_P_IP))
    sniffer.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
    sniffer.bind((interface, 0))
    sender = socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_RAW)
    print("READY watching", flush=True)

    pending: list[tuple[float, int, bytes]] = []
    count = 0
    while True:
        now = time.monotonic()
        while pending and pending[0][0] <= now:
            _, _, packet = heapq.heappop(pending)
            sender.sendto(packet, (socket.inet_ntoa(packet[16:20]), 0))
        wait = max(0.0, pending[0][0] - now) if pending else None
        ready, _, _ = select.select([sniffer, sys.stdin], [], [], wait)
        if sys.stdin in ready and sys.stdin.readline() == "":
            return
        if sniffer not in ready:
            continue
        packet, ancillary, _, where = sniffer.recvmsg(65535, 64)
        if where[2] == PACKET_OUTGOING or len(packet) < 20 or packet[9] != TCP:
            continue
        header = (packet[0] & 0x0F) * 4
        if packet[16:20] not in watched or len(packet) < header + 14:
            continue
        dport = int.from_bytes(packet[header + 2 : header + 4], "big")
        flags = packet[header + 13]
        if dport == port and flags & (SYN | ACK) == SYN:
            count += 1
            due = arrived_at(ancillary) + delay_ms / 1000
            heapq.heappush(pending, (due, count, tcp_checksummed(packet)))


if __name__ == "__main__":
    main()
