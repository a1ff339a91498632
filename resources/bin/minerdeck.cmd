@echo off
rem `minerdeck` of the installed app on Windows: runs the bundled CLI (resources\cli\minerdeck.mjs) with
rem the app's own runtime in Node mode, so an installed Minerdeck needs no separate Node.js. This file
rem lies in <install dir>\resources\bin; add that folder to PATH to type `minerdeck` anywhere.
setlocal
set "ELECTRON_RUN_AS_NODE=1"
"%~dp0..\..\Minerdeck.exe" "%~dp0..\cli\minerdeck.mjs" %*
exit /b %ERRORLEVEL%
